package io.jslurm.slurmd.launch;

/** A batch job's state on the node, in Slurm's names. */
public enum JobState {
    RUNNING,
    COMPLETED,
    FAILED,
    CANCELLED,
    TIMEOUT,
    OUT_OF_MEMORY;

    /**
     * The final state of a script that ended with {@code exit}: an ending slurmd caused
     * ({@code CANCELLED}, {@code TIMEOUT}) wins, then the OOM killer, then the script's own status.
     */
    static JobState ended(JobState forcedEnd, boolean oomKilled, ExitStatus exit) {
        if (forcedEnd != null) {
            return forcedEnd;
        }
        if (oomKilled) {
            return OUT_OF_MEMORY;
        }
        return exit.success() ? COMPLETED : FAILED;
    }
}
