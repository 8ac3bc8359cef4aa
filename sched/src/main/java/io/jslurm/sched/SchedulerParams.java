package io.jslurm.sched;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.select.SelectParams;

/**
 * The slurm.conf settings of one pass.
 *
 * @param defaultQueueDepth SchedulerParameters default_queue_depth: how many jobs the main (strict priority) pass
 *                          tries to fit before leaving the rest to backfill
 */
public record SchedulerParams(SelectParams select, BackfillParams backfill, int defaultQueueDepth) {

    public static final SchedulerParams DEFAULT = new SchedulerParams(SelectParams.DEFAULT, BackfillParams.DEFAULT,
            100);

    public SchedulerParams {
        requireNonNull(select, "select is null");
        requireNonNull(backfill, "backfill is null");
        if (defaultQueueDepth < 1) {
            throw new IllegalArgumentException("default_queue_depth must be at least 1");
        }
    }

    public SchedulerParams withSelect(SelectParams newSelect) {
        return new SchedulerParams(newSelect, backfill, defaultQueueDepth);
    }

    public SchedulerParams withBackfill(BackfillParams newBackfill) {
        return new SchedulerParams(select, newBackfill, defaultQueueDepth);
    }

    public SchedulerParams withDefaultQueueDepth(int depth) {
        return new SchedulerParams(select, backfill, depth);
    }
}
