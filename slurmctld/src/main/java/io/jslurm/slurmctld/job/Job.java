package io.jslurm.slurmctld.job;

import java.util.Objects;

/**
 * One record of the job table. Array tasks are records of their own, each with its own job id; they share the
 * array job id, which is the job id of the first task ({@code %A_%a}).
 *
 * @param arrayJobId the array this task belongs to, 0 for a job outside any array (as Slurm reports it)
 * @param arrayTaskId the task's index in its array, {@link #NO_TASK} outside any array
 * @param arrayMaxRunning the array's {@code %N} limit, 0 when there is none
 */
public record Job(long jobId, long arrayJobId, int arrayTaskId, int arrayMaxRunning, JobSpec spec, JobStatus status) {

    public static final int NO_TASK = -1;

    public Job {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(status, "status");
        if (jobId <= 0) {
            throw new IllegalArgumentException("job id must be positive: " + jobId);
        }
        if ((arrayJobId == 0) != (arrayTaskId == NO_TASK)) {
            throw new IllegalArgumentException("array job id and task id must be given together");
        }
        if (arrayJobId < 0 || arrayTaskId < NO_TASK || arrayMaxRunning < 0) {
            throw new IllegalArgumentException("array ids must not be negative");
        }
    }

    public boolean isArrayTask() {
        return arrayJobId != 0;
    }

    public JobState state() {
        return status.state();
    }

    /** The id users see: {@code 123} or, for an array task, {@code 123_4}. */
    public String displayId() {
        return isArrayTask() ? arrayJobId + "_" + arrayTaskId : Long.toString(jobId);
    }

    public Job withStatus(JobStatus newStatus) {
        return new Job(jobId, arrayJobId, arrayTaskId, arrayMaxRunning, spec, newStatus);
    }

    public Job withSpec(JobSpec newSpec) {
        return new Job(jobId, arrayJobId, arrayTaskId, arrayMaxRunning, newSpec, status);
    }
}
