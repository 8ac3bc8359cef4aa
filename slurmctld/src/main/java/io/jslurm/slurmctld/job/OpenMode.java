package io.jslurm.slurmctld.job;

/**
 * {@code sbatch --open-mode}: how the job's output and error files are opened. Stored by ordinal in the job
 * state files, so constants may only be appended.
 */
public enum OpenMode {
    /** Not given: the cluster's JobFileAppend decides, and a requeued job's later runs append. */
    UNSPECIFIED,
    TRUNCATE,
    APPEND
}
