package io.jslurm.sched.backfill;

import java.time.Duration;

/**
 * SchedulerParameters of sched/backfill.
 *
 * @param enabled     SchedulerType=sched/backfill (false is sched/builtin: strict priority only)
 * @param window      bf_window: how far ahead reservations are made
 * @param resolution  bf_resolution: start and end times are rounded up to this grid
 * @param maxJobTest  bf_max_job_test: how many jobs one pass examines
 * @param bfContinue  bf_continue: in Slurm a backfill cycle that yields its locks resumes where it stopped. A pure
 *                    pass never yields, so this has no effect; it is kept so configurations round-trip.
 * @param maxJobUser  bf_max_job_user: jobs examined per user, 0 for no limit
 * @param maxJobPart  bf_max_job_part: jobs examined per partition, 0 for no limit
 * @param busyNodes   bf_busy_nodes: a job reserved for a later start is given nodes busy now before idle ones (of
 *                    equal Weight), so that the idle ones stay free for lower-priority jobs to backfill
 */
public record BackfillParams(boolean enabled, Duration window, Duration resolution, int maxJobTest,
        boolean bfContinue, int maxJobUser, int maxJobPart, boolean busyNodes) {

    /** Slurm's defaults: one day ahead at one-minute resolution, 500 jobs. */
    public static final BackfillParams DEFAULT = new BackfillParams(true, Duration.ofMinutes(1440),
            Duration.ofSeconds(60), 500, false, 0, 0);

    public BackfillParams {
        if (window.isNegative() || window.isZero() || resolution.isNegative() || resolution.isZero()) {
            throw new IllegalArgumentException("bf_window and bf_resolution must be positive");
        }
        if (maxJobTest < 1 || maxJobUser < 0 || maxJobPart < 0) {
            throw new IllegalArgumentException("bf_max_job_test must be positive, per-user and per-partition "
                    + "limits not negative");
        }
    }

    /** Without bf_busy_nodes. */
    public BackfillParams(boolean enabled, Duration window, Duration resolution, int maxJobTest,
            boolean bfContinue, int maxJobUser, int maxJobPart) {
        this(enabled, window, resolution, maxJobTest, bfContinue, maxJobUser, maxJobPart, false);
    }

    public BackfillParams disabled() {
        return new BackfillParams(false, window, resolution, maxJobTest, bfContinue, maxJobUser, maxJobPart,
                busyNodes);
    }

    public BackfillParams withMaxJobTest(int jobs) {
        return new BackfillParams(enabled, window, resolution, jobs, bfContinue, maxJobUser, maxJobPart, busyNodes);
    }

    public BackfillParams withMaxJobUser(int jobs) {
        return new BackfillParams(enabled, window, resolution, maxJobTest, bfContinue, jobs, maxJobPart, busyNodes);
    }

    public BackfillParams withMaxJobPart(int jobs) {
        return new BackfillParams(enabled, window, resolution, maxJobTest, bfContinue, maxJobUser, jobs, busyNodes);
    }

    public BackfillParams withWindow(Duration newWindow) {
        return new BackfillParams(enabled, newWindow, resolution, maxJobTest, bfContinue, maxJobUser, maxJobPart,
                busyNodes);
    }

    public BackfillParams withBusyNodes(boolean busy) {
        return new BackfillParams(enabled, window, resolution, maxJobTest, bfContinue, maxJobUser, maxJobPart, busy);
    }
}
