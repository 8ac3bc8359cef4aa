package io.jslurm.common.hostlist;

/** A hostlist expression that cannot be expanded; the message names the offending part. */
public final class HostlistException extends IllegalArgumentException {

    public HostlistException(String message) {
        super(message);
    }
}
