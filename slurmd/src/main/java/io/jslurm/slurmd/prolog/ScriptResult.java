package io.jslurm.slurmd.prolog;

/**
 * How a prolog, epilog or task prolog ended.
 *
 * @param exitCode its exit status (0 when a signal ended it)
 * @param signal   the signal that ended it, 0 if none
 * @param timedOut it ran past PrologEpilogTimeout and was killed
 * @param output   what it wrote on stdout (read only for task prologs)
 */
public record ScriptResult(int exitCode, int signal, boolean timedOut, String output) {

    public static final ScriptResult NOT_CONFIGURED = new ScriptResult(0, 0, false, "");

    public boolean succeeded() {
        return exitCode == 0 && signal == 0 && !timedOut;
    }

    /** Slurm's {@code status=EXIT:SIGNAL} form for log lines. */
    public String status() {
        return "status=" + exitCode + ":" + signal + (timedOut ? " (timed out)" : "");
    }
}
