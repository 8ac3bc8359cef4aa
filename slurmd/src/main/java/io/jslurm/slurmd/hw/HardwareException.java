package io.jslurm.slurmd.hw;

/** The node's hardware could not be read or made no sense; the message names the file and the problem. */
public class HardwareException extends RuntimeException {
    public HardwareException(String message) {
        super(message);
    }

    public HardwareException(String message, Throwable cause) {
        super(message, cause);
    }
}
