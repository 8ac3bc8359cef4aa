package io.jslurm.slurmdbd.records;

/**
 * A job's or step's exit: the return code, and the signal that ended it (0 for none); printed as
 * sacct does, {@code code:signal}.
 */
public record ExitCode(int code, int signal) {

    public static final ExitCode SUCCESS = new ExitCode(0, 0);

    public ExitCode {
        if (code < 0 || code > 255) {
            throw new IllegalArgumentException("exit code out of range 0-255: " + code);
        }
        if (signal < 0 || signal > 255) {
            throw new IllegalArgumentException("signal out of range: " + signal);
        }
    }

    public static ExitCode parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("exit code is not code:signal: " + text);
        }
        return new ExitCode(Integer.parseInt(text.substring(0, colon)), Integer.parseInt(text.substring(colon + 1)));
    }

    @Override
    public String toString() {
        return code + ":" + signal;
    }
}
