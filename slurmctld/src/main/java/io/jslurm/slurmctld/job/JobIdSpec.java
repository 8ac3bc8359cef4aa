package io.jslurm.slurmctld.job;

/**
 * A job named on a command line: {@code 123} (a job, or every task of array 123) or {@code 123_4} (one task).
 *
 * @param taskId the array task, {@link Job#NO_TASK} when the whole job or array is meant
 */
public record JobIdSpec(long jobId, int taskId) {

    public JobIdSpec {
        if (jobId <= 0) {
            throw new IllegalArgumentException("Invalid job id specified: " + jobId);
        }
        if (taskId < Job.NO_TASK) {
            throw new IllegalArgumentException("Invalid array task id specified: " + taskId);
        }
    }

    public static JobIdSpec parse(String text) {
        String trimmed = text.trim();
        int underscore = trimmed.indexOf('_');
        try {
            if (underscore < 0) {
                return new JobIdSpec(Long.parseLong(trimmed), Job.NO_TASK);
            }
            return new JobIdSpec(Long.parseLong(trimmed.substring(0, underscore)),
                    Integer.parseInt(trimmed.substring(underscore + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid job id specified: " + text, e);
        }
    }

    public boolean namesTask() {
        return taskId != Job.NO_TASK;
    }

    @Override
    public String toString() {
        return namesTask() ? jobId + "_" + taskId : Long.toString(jobId);
    }
}
