package io.jslurm.slurmd.cgroup;

/** A cgroup could not be found, created, limited or driven; the message names the file and the problem. */
public class CgroupException extends RuntimeException {
    public CgroupException(String message) {
        super(message);
    }

    public CgroupException(String message, Throwable cause) {
        super(message, cause);
    }
}
