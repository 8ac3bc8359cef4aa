package io.jslurm.slurmctld.job;

import java.util.Arrays;

/**
 * An expanded {@code --array} request: {@code 0-15%4} arrives as task ids 0..15 with at most 4 running.
 *
 * @param maxRunning the {@code %N} limit, 0 when there is none
 */
public record ArraySpec(int[] taskIds, int maxRunning) {

    public ArraySpec {
        taskIds = taskIds.clone();
        if (taskIds.length == 0) {
            throw new IllegalArgumentException("job array has no tasks");
        }
        if (maxRunning < 0) {
            throw new IllegalArgumentException("array task limit is negative: " + maxRunning);
        }
        int[] sorted = taskIds.clone();
        Arrays.sort(sorted);
        if (sorted[0] < 0) {
            throw new IllegalArgumentException("array task id is negative: " + sorted[0]);
        }
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("array task id repeated: " + sorted[i]);
            }
        }
    }

    public static ArraySpec of(int maxRunning, int... taskIds) {
        return new ArraySpec(taskIds, maxRunning);
    }

    @Override
    public int[] taskIds() {
        return taskIds.clone();
    }

    public int size() {
        return taskIds.length;
    }

    int taskId(int index) {
        return taskIds[index];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArraySpec that && maxRunning == that.maxRunning && Arrays.equals(taskIds, that.taskIds);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(taskIds) + maxRunning;
    }

    @Override
    public String toString() {
        return Arrays.toString(taskIds) + (maxRunning == 0 ? "" : "%" + maxRunning);
    }
}
