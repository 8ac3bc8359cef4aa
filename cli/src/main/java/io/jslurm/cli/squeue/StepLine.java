package io.jslurm.cli.squeue;

import io.jslurm.common.time.TimeLimit;

/**
 * One line of {@code squeue --steps}: a running step of a job, the batch step included.
 *
 * @param jobText the job as squeue names it ({@code 12}, or {@code 12_3} for an array task)
 * @param stepId  Slurm's step number; {@link #BATCH} for the batch script
 */
record StepLine(long jobId, String jobText, long stepId, String name, String partition, String user, long uid,
                long startTime, String nodeList, int tasks, TimeLimit timeLimit, String state) {

    /** Slurm's SLURM_BATCH_SCRIPT step number, which also makes the batch step sort after numbered ones. */
    static final long BATCH = 0xFFFF_FFFBL;

    /** {@code 12.0}, {@code 12_3.batch}. */
    String id() {
        return jobText + "." + (stepId == BATCH ? "batch" : Long.toString(stepId));
    }
}
