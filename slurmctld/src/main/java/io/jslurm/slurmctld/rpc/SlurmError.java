package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.RpcException;

/** The Slurm errno values the controller answers with, and Slurm's text for each. */
public enum SlurmError {
    INVALID_PARTITION_NAME(2000, "Invalid partition name specified"),
    DEFAULT_PARTITION_NOT_SET(2001, "No partition specified or system default partition"),
    ACCESS_DENIED(2002, "Access/permission denied"),
    PARTITION_GROUP(2003, "User's group not permitted to use this partition"),
    NODES_NOT_IN_PARTITION(2004, "Requested nodes not in this partition"),
    TOO_MANY_REQUESTED_CPUS(2005, "More processors requested than permitted"),
    INVALID_NODE_COUNT(2006, "Node count specification invalid"),
    SCRIPT_MISSING(2009, "Job script not specified"),
    USER_ID_MISSING(2010, "Invalid user id"),
    NODE_CONFIG_UNAVAILABLE(2014, "Requested node configuration is not available"),
    PARTITION_NOT_AVAILABLE(2070, "Required partition not available (inactive or drain)"),
    NODES_BUSY(2016, "Requested nodes are busy"),
    INVALID_JOB_ID(2017, "Invalid job id specified"),
    INVALID_NODE_NAME(2018, "Invalid node name specified"),
    TRANSITION_STATE_NO_UPDATE(2020, "Job can not be altered now, try again later"),
    ALREADY_DONE(2021, "Job/step already completing or completed"),
    JOB_PENDING(2024, "Job is pending execution"),
    INVALID_NODE_STATE(2028, "Invalid node state specified"),
    ACTIVE_FEATURE_NOT_SUBSET(2031, "Active features not subset of available features"),
    DEPENDENCY(2038, "Job dependency problem"),
    INVALID_TASK_MEMORY(2044, "Memory required by task is not available"),
    INVALID_ACCOUNT(2045, "Invalid account or account/partition combination specified"),
    ACCOUNTING_POLICY(2050, "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"),
    INVALID_TIME_LIMIT(2051, "Requested time limit is invalid (missing or exceeds some limit)"),
    INVALID_ARRAY(2081, "Invalid job array specification"),
    JOB_NOT_RUNNING(2085, "Job is not running"),
    JOB_NOT_SUSPENDED(2087, "Job is not suspended"),
    INVALID_QOS(2066, "Invalid qos specification"),
    INVALID_CONFIGURATION(-1, "Invalid configuration"),
    // Advance reservations
    RESERVATION_ACCESS(2048, "Access denied to requested reservation"),
    RESERVATION_INVALID(2049, "Requested reservation is invalid"),
    INVALID_TIME_VALUE(2052, "Invalid time specified"),
    RESERVATION_OVERLAP(2055, "Requested reservation overlaps with another reservation"),
    RESERVATION_NAME_DUP(2062, "Duplicate reservation name"),
    RESERVATION_EMPTY(2074, "Reservation request lacks users, accounts or groups"),
    INVALID_INPUT(2089, "Invalid input");

    private final int code;
    private final String text;

    SlurmError(int code, String text) {
        this.code = code;
        this.text = text;
    }

    public int code() {
        return code;
    }

    public String text() {
        return text;
    }

    public RpcException exception() {
        return new RpcException(code, text);
    }

    /** Slurm's text followed by a detail for people. */
    public RpcException exception(String detail) {
        return new RpcException(code, detail.isBlank() ? text : text + ": " + detail);
    }
}
