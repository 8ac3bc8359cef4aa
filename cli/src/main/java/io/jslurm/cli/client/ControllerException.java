package io.jslurm.cli.client;

/**
 * A request the controller refused, or could not be asked: a Slurm errno and its text.
 *
 * @see SlurmErrno
 */
public final class ControllerException extends Exception {

    private final int errno;

    /** @param detail the server's message, shown only for numbers this client has no text for */
    public ControllerException(int errno, String detail) {
        this(errno, SlurmErrno.text(errno, detail), true);
    }

    private ControllerException(int errno, String message, boolean known) {
        super(message);
        this.errno = errno;
    }

    /** slurm.conf could not be read: the loader's own explanation. */
    public static ControllerException configuration(String message) {
        return new ControllerException(SlurmErrno.SLURM_ERROR, message, false);
    }

    public int errno() {
        return errno;
    }

    public static ControllerException unreachable() {
        return new ControllerException(SlurmErrno.SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR, null);
    }
}
