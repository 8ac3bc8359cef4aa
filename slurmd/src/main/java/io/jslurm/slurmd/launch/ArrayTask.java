package io.jslurm.slurmd.launch;

/**
 * The place of one job in a job array: the array's master job id, this task's index, and the
 * count, smallest, largest index and step of the whole array (what SLURM_ARRAY_TASK_* report).
 */
public record ArrayTask(long arrayJobId, int taskId, int count, int min, int max, int step) {
    public ArrayTask {
        if (arrayJobId <= 0) {
            throw new IllegalArgumentException("array job id must be positive: " + arrayJobId);
        }
        if (taskId < 0 || min < 0 || max < min || taskId < min || taskId > max) {
            throw new IllegalArgumentException(
                    "array task " + taskId + " is outside " + min + "-" + max);
        }
        if (count < 1 || step < 1) {
            throw new IllegalArgumentException("array count and step must be positive: " + count + ", " + step);
        }
    }
}
