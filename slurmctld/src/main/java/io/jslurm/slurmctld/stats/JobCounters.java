package io.jslurm.slurmctld.stats;

import io.jslurm.slurmctld.job.JobState;
import java.util.concurrent.atomic.LongAdder;

/** sdiag's job counts since the last reset: submitted, started, and how they ended. */
public final class JobCounters {

    private volatile Counts counts = new Counts();

    public void submitted(int jobs) {
        counts.submitted.add(jobs);
    }

    /** A job went from {@code before} to {@code after}; only entering RUNNING or a final state counts. */
    public void changed(JobState before, JobState after) {
        if (before == after) {
            return;
        }
        Counts now = counts;
        if (after == JobState.RUNNING && before != JobState.SUSPENDED) {
            now.started.increment();
        } else if (after.isFinished() && !before.isFinished()) {
            switch (after) {
                case COMPLETED -> now.completed.increment();
                case CANCELLED -> now.canceled.increment();
                default -> now.failed.increment();
            }
        }
    }

    public void reset() {
        counts = new Counts();
    }

    public int submitted() {
        return (int) counts.submitted.sum();
    }

    public int started() {
        return (int) counts.started.sum();
    }

    public int completed() {
        return (int) counts.completed.sum();
    }

    public int canceled() {
        return (int) counts.canceled.sum();
    }

    public int failed() {
        return (int) counts.failed.sum();
    }

    private static final class Counts {
        final LongAdder submitted = new LongAdder();
        final LongAdder started = new LongAdder();
        final LongAdder completed = new LongAdder();
        final LongAdder canceled = new LongAdder();
        final LongAdder failed = new LongAdder();
    }
}
