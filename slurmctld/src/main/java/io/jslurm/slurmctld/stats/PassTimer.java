package io.jslurm.slurmctld.stats;

import io.jslurm.sched.PassListener;

/** Times one scheduling pass's phases as the scheduler reports them. */
public final class PassTimer implements PassListener {

    private final long started = System.nanoTime();
    private long mainEnd;
    private long backfillEnd;
    private int mainDepth;
    private int backfillDepth;
    private int queueLength;
    private boolean backfillRan;

    @Override
    public void mainPassDone(int depth, int queueLength) {
        mainEnd = System.nanoTime();
        mainDepth = depth;
        this.queueLength = queueLength;
    }

    @Override
    public void backfillDone(int depth, int queueLength) {
        backfillEnd = System.nanoTime();
        backfillDepth = depth;
        backfillRan = true;
    }

    /**
     * Records the pass: the main cycle runs from the pass's start to the main pass's end plus the time spent
     * starting jobs afterwards; backfill is its own phase.
     *
     * @param commitNanos time spent verifying and starting the plan's jobs
     * @param backfilled  jobs started by backfill
     * @param reservations reservations backfill made
     * @param when        epoch seconds at the pass's start
     */
    public void record(SchedulerStatistics statistics, long commitNanos, int backfilled, int reservations,
                       long when) {
        // A pass with nothing queued never reaches the scheduler: all of it was the main cycle.
        long mainNanos = (mainEnd == 0 ? System.nanoTime() : mainEnd) - started + commitNanos;
        statistics.mainCycle(mainNanos / 1_000, mainDepth, queueLength);
        if (backfillRan) {
            statistics.backfillCycle((backfillEnd - mainEnd) / 1_000, queueLength, backfillDepth, queueLength,
                    reservations, backfilled, when);
        }
    }
}
