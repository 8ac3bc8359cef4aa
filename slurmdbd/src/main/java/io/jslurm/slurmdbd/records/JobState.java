package io.jslurm.slurmdbd.records;

/** A job's or step's state as sacct prints it. */
public enum JobState {
    PENDING(Progress.QUEUED),
    RUNNING(Progress.STARTED),
    SUSPENDED(Progress.STARTED),
    REQUEUED(Progress.FINISHED),
    COMPLETED(Progress.FINISHED),
    CANCELLED(Progress.FINISHED),
    FAILED(Progress.FINISHED),
    TIMEOUT(Progress.FINISHED),
    NODE_FAIL(Progress.FINISHED),
    PREEMPTED(Progress.FINISHED),
    BOOT_FAIL(Progress.FINISHED),
    DEADLINE(Progress.FINISHED),
    OUT_OF_MEMORY(Progress.FINISHED);

    /** How far along a job is; decides between two records stamped with the same time. */
    public enum Progress { QUEUED, STARTED, FINISHED }

    private final Progress progress;

    JobState(Progress progress) {
        this.progress = progress;
    }

    public Progress progress() {
        return progress;
    }

    public boolean finished() {
        return progress == Progress.FINISHED;
    }
}
