package io.jslurm.slurmctld.schedule;

import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobStatus;
import java.util.Optional;

/**
 * The suspend history of a job's run, as Slurm keeps it: the time of the last suspend or resume ({@code SuspendTime})
 * and the seconds run before it ({@code SecsPreSuspend}). Time spent suspended does not count against the time limit.
 * Both live in the job's status ({@link JobStatus#suspendTime()}, {@link JobStatus#secsPreSuspend()}), which the
 * state journal keeps, so they survive a controller restart; this reads them.
 */
public final class SuspendClock {

    private SuspendClock() {
    }

    /** @param lastChange epoch seconds of the last suspend or resume; @param runBefore seconds run before it */
    public record Times(long lastChange, long runBefore, boolean suspended) {
    }

    /** The run's suspend times; empty when it was never suspended. */
    public static Optional<Times> times(JobStatus status) {
        if (status.suspendTime() == 0) {
            return Optional.empty();
        }
        return Optional.of(new Times(status.suspendTime(), status.secsPreSuspend(),
                status.state() == JobState.SUSPENDED));
    }

    /** Seconds the run has spent suspended up to {@code now}. */
    public static long suspendedSeconds(JobStatus status, long now) {
        return times(status).map(t -> {
            long ran = t.suspended() ? t.runBefore() : t.runBefore() + (now - t.lastChange());
            return Math.max(0, (now - status.startTime()) - ran);
        }).orElse(0L);
    }
}
