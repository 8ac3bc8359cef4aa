package io.jslurm.sched.model;

/** A partition's State: whether it takes submissions, and whether its queued jobs may start. */
public enum PartitionState {
    UP(true),
    /** Jobs may be queued but none start. */
    DOWN(false),
    /** No new submissions, queued jobs still start. */
    DRAIN(true),
    /** Neither queued nor started. */
    INACTIVE(false);

    private final boolean startsJobs;

    PartitionState(boolean startsJobs) {
        this.startsJobs = startsJobs;
    }

    public boolean startsJobs() {
        return startsJobs;
    }
}
