package io.jslurm.slurmctld.job;

/**
 * A job's exit code as Slurm prints it: {@code status:signal} ({@code 0:0}, {@code 1:0}, {@code 0:9}).
 *
 * @param status the exit status of the batch script (0-255), 0 when it was killed by a signal
 * @param signal the signal that ended it, 0 when it exited
 */
public record ExitCode(int status, int signal) {

    public static final ExitCode SUCCESS = new ExitCode(0, 0);

    public ExitCode {
        if (status < 0 || status > 255) {
            throw new IllegalArgumentException("exit status out of range 0-255: " + status);
        }
        if (signal < 0 || signal > 127) {
            throw new IllegalArgumentException("signal out of range 0-127: " + signal);
        }
    }

    /** Shares the common {@code 0:0} instance so that a large job table does not hold thousands of copies. */
    public static ExitCode of(int status, int signal) {
        return status == 0 && signal == 0 ? SUCCESS : new ExitCode(status, signal);
    }

    /** Decodes a raw {@code waitpid} status word, as slurmd reports it. */
    public static ExitCode fromWaitStatus(int raw) {
        int termSignal = raw & 0x7f;
        if (termSignal != 0 && termSignal != 0x7f) {
            return of(0, termSignal);
        }
        return of((raw >> 8) & 0xff, 0);
    }

    /**
     * The worse of two exit codes as Slurm ranks them for DerivedExitCode: by their raw wait status, so any
     * non-zero exit status outranks a signal and a higher status a lower one.
     */
    public static ExitCode worse(ExitCode a, ExitCode b) {
        return b.waitStatus() > a.waitStatus() ? b : a;
    }

    /** The raw {@code waitpid} status word this stands for ({@link #fromWaitStatus} reversed). */
    public int waitStatus() {
        return status << 8 | signal;
    }

    public static ExitCode parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("exit code is not status:signal: " + text);
        }
        try {
            return of(Integer.parseInt(text.substring(0, colon).trim()), Integer.parseInt(text.substring(colon + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("exit code is not status:signal: " + text, e);
        }
    }

    @Override
    public String toString() {
        return status + ":" + signal;
    }
}
