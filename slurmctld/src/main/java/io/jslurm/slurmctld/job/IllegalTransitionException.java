package io.jslurm.slurmctld.job;

/** A state change that the job's current state does not allow; the job is left as it was. */
public final class IllegalTransitionException extends RuntimeException {

    private final JobState from;
    private final JobState to;

    public IllegalTransitionException(String jobId, JobState from, JobState to, String why) {
        super("job " + jobId + ": cannot go from " + from + " to " + to + (why.isEmpty() ? "" : ": " + why));
        this.from = from;
        this.to = to;
    }

    public JobState from() {
        return from;
    }

    public JobState to() {
        return to;
    }
}
