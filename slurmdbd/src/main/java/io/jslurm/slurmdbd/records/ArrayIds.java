package io.jslurm.slurmdbd.records;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * A job's place in a job array. A task that has run has its own job id and a task id here; the
 * array's still-pending remainder has no task id and lists the pending tasks, e.g. {@code [5-10%2]}.
 */
public record ArrayIds(long arrayJobId, OptionalLong taskId, String pendingTasks) {

    public ArrayIds {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(pendingTasks, "pendingTasks");
        if (arrayJobId < 1) {
            throw new IllegalArgumentException("array job id must be positive: " + arrayJobId);
        }
        if (taskId.isPresent() && taskId.getAsLong() < 0) {
            throw new IllegalArgumentException("array task id must not be negative");
        }
    }

    public static ArrayIds task(long arrayJobId, long taskId) {
        return new ArrayIds(arrayJobId, OptionalLong.of(taskId), "");
    }
}
