package io.jslurm.slurmctld.resv;

import io.jslurm.protocol.RpcException;

/** Slurm's errors about advance reservations, with its texts (scontrol and sbatch print them after their prefix). */
public enum ResvError {
    ACCESS(2048, "Access denied to requested reservation"),
    INVALID(2049, "Requested reservation is invalid"),
    INVALID_TIME(2052, "Invalid time specified"),
    OVERLAP(2055, "Requested reservation overlaps with another reservation"),
    NAME_DUP(2062, "Duplicate reservation name"),
    EMPTY(2074, "Reservation request lacks users, accounts or groups"),
    NODES_BUSY(2016, "Requested nodes are busy"),
    INVALID_NODE_NAME(2018, "Invalid node name specified"),
    INVALID_PARTITION(2000, "Invalid partition name specified"),
    NODE_CONFIG_UNAVAILABLE(2014, "Requested node configuration is not available"),
    INVALID_INPUT(2089, "Invalid input");

    private final int code;
    private final String text;

    ResvError(int code, String text) {
        this.code = code;
        this.text = text;
    }

    public String text() {
        return text;
    }

    public RpcException exception() {
        return new RpcException(code, text);
    }

    /** The text with what was wrong after it, for the words that name no Slurm error of their own. */
    public RpcException exception(String detail) {
        return new RpcException(code, text + ": " + detail);
    }
}
