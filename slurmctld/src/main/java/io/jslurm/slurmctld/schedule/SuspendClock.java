package io.jslurm.slurmctld.schedule;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The suspend history of running jobs, as Slurm keeps it: the time of the last suspend or resume
 * ({@code SuspendTime}) and the seconds run before it ({@code SecsPreSuspend}). Time spent suspended does not count
 * against the time limit. Kept in memory: after a controller restart a job's earlier suspensions are forgotten.
 */
public final class SuspendClock {

    /** @param lastChange epoch seconds of the last suspend or resume; @param runBefore seconds run before it */
    public record Times(long lastChange, long runBefore, boolean suspended) {
    }

    private final Map<Long, Times> jobs = new ConcurrentHashMap<>();

    void suspended(long jobId, long startTime, long now) {
        Times before = jobs.get(jobId);
        long ran = before == null ? now - startTime : before.runBefore() + (now - before.lastChange());
        jobs.put(jobId, new Times(now, Math.max(0, ran), true));
    }

    void resumed(long jobId, long now) {
        jobs.computeIfPresent(jobId, (id, t) -> new Times(now, t.runBefore(), false));
    }

    public Optional<Times> times(long jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    /** Seconds the job has spent suspended up to {@code now}. */
    public long suspendedSeconds(long jobId, long startTime, long now) {
        Times t = jobs.get(jobId);
        if (t == null) {
            return 0;
        }
        long ran = t.suspended() ? t.runBefore() : t.runBefore() + (now - t.lastChange());
        return Math.max(0, (now - startTime) - ran);
    }

    void forget(long jobId) {
        jobs.remove(jobId);
    }
}
