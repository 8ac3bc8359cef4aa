package io.jslurm.slurmd.launch;

/**
 * How the batch script ended, as Slurm's {@code ExitCode=a:b} reports it: the exit code, and
 * the number of the signal that killed it (0 when it exited by itself).
 */
public record ExitStatus(int exitCode, int signal) {
    public ExitStatus {
        if (exitCode < 0 || exitCode > 255 || signal < 0 || signal > 127) {
            throw new IllegalArgumentException("not a wait status: " + exitCode + ":" + signal);
        }
        if (exitCode != 0 && signal != 0) {
            throw new IllegalArgumentException("a process killed by a signal has no exit code: " + exitCode + ":" + signal);
        }
    }

    /** The job wrapper's status line: {@code "EXITCODE SIGNAL"}. */
    static ExitStatus parse(String line) {
        String[] parts = line.trim().split(" ");
        if (parts.length != 2) {
            throw new IllegalArgumentException("not an exit status line: '" + line.trim() + "'");
        }
        return new ExitStatus(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    public boolean success() {
        return exitCode == 0 && signal == 0;
    }

    @Override
    public String toString() {
        return exitCode + ":" + signal;
    }
}
