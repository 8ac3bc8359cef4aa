package io.jslurm.cli.client;

import java.util.Map;

/** Slurm's error numbers as commands print them: the text users and scripts know. */
public final class SlurmErrno {

    public static final int SLURM_ERROR = -1;
    public static final int SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR = 1800;
    public static final int SLURMCTLD_COMMUNICATIONS_SEND_ERROR = 1801;
    public static final int SLURMCTLD_COMMUNICATIONS_RECEIVE_ERROR = 1802;
    public static final int ESLURM_INVALID_PARTITION_NAME = 2000;
    public static final int ESLURM_ACCESS_DENIED = 2002;
    public static final int ESLURM_INVALID_JOB_ID = 2017;
    public static final int ESLURM_INVALID_NODE_NAME = 2018;
    public static final int ESLURM_ALREADY_DONE = 2021;
    public static final int ESLURM_JOB_PENDING = 2024;
    public static final int ESLURM_INVALID_NODE_STATE = 2028;
    public static final int ESLURM_NOT_SUPPORTED = 2036;
    public static final int ESLURM_DISABLED = 2037;
    public static final int ESLURM_INVALID_TIME_LIMIT = 2051;

    private static final Map<Integer, String> TEXTS = Map.ofEntries(
            Map.entry(SLURM_ERROR, "Unspecified error"),
            Map.entry(1000, "Unexpected message received"),
            Map.entry(1001, "Communication connection failure"),
            Map.entry(1005, "Incompatible versions of client and server code"),
            Map.entry(1007, "Protocol authentication error"),
            Map.entry(1008, "Insane message length"),
            Map.entry(SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR, "Unable to contact slurm controller (connect failure)"),
            Map.entry(SLURMCTLD_COMMUNICATIONS_SEND_ERROR, "Unable to contact slurm controller (send failure)"),
            Map.entry(SLURMCTLD_COMMUNICATIONS_RECEIVE_ERROR, "Unable to contact slurm controller (receive failure)"),
            Map.entry(ESLURM_INVALID_PARTITION_NAME, "Invalid partition name specified"),
            Map.entry(2001, "No partition specified or system default partition"),
            Map.entry(ESLURM_ACCESS_DENIED, "Access/permission denied"),
            Map.entry(2003, "User's group not permitted to use this partition"),
            Map.entry(2004, "Requested nodes not in this partition"),
            Map.entry(2005, "More processors requested than permitted"),
            Map.entry(2006, "Node count specification invalid"),
            Map.entry(2009, "Job script not specified"),
            Map.entry(2014, "Requested node configuration is not available"),
            Map.entry(2015, "Requested partition configuration not available now"),
            Map.entry(2016, "Requested nodes are busy"),
            Map.entry(ESLURM_INVALID_JOB_ID, "Invalid job id specified"),
            Map.entry(ESLURM_INVALID_NODE_NAME, "Invalid node name specified"),
            Map.entry(2020, "Job can not be altered now, try again later"),
            Map.entry(ESLURM_ALREADY_DONE, "Job/step already completing or completed"),
            Map.entry(ESLURM_JOB_PENDING, "Job is pending execution"),
            Map.entry(ESLURM_INVALID_NODE_STATE, "Invalid node state specified"),
            Map.entry(2029, "Invalid feature specification"),
            Map.entry(ESLURM_NOT_SUPPORTED, "Requested operation not supported on this system"),
            Map.entry(ESLURM_DISABLED, "Requested operation is presently disabled"),
            Map.entry(2038, "Job dependency problem"),
            Map.entry(2044, "Memory required by task is not available"),
            Map.entry(2045, "Invalid account or account/partition combination specified"),
            Map.entry(2050, "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"),
            Map.entry(ESLURM_INVALID_TIME_LIMIT, "Requested time limit is invalid (missing or exceeds some limit)"),
            Map.entry(2066, "Invalid qos specification"),
            Map.entry(2070, "Required partition not available (inactive or drain)"),
            Map.entry(2081, "Invalid job array specification"),
            Map.entry(2085, "Job is not running"),
            Map.entry(2087, "Job is not suspended"),
            Map.entry(5003, "Header lengths are longer than data received"),
            Map.entry(6000, "Invalid authentication credential"),
            Map.entry(6003, "Unable to sign authentication credential"));

    private SlurmErrno() {
    }

    /** Slurm's text for {@code code}, or {@code fallback} for codes this client does not know. */
    public static String text(int code, String fallback) {
        String text = TEXTS.get(code);
        if (text != null) {
            return text;
        }
        return fallback == null || fallback.isEmpty() ? "Unknown error " + code : fallback;
    }
}
