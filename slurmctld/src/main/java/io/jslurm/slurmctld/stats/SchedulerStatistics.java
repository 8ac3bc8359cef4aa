package io.jslurm.slurmctld.stats;

import io.jslurm.protocol.proto.BackfillStats;
import io.jslurm.protocol.proto.SchedulerCycleStats;

/**
 * sdiag's main scheduler and backfill statistics. jslurm runs both phases in one pass on one thread; each is timed
 * on its own (the scheduler says where the main pass ends) so that the figures mean what they mean in Slurm.
 */
public final class SchedulerStatistics {

    private SchedulerCycleStats.Builder main = SchedulerCycleStats.newBuilder();
    private BackfillStats.Builder backfill = BackfillStats.newBuilder();
    private long backfilledSinceStart;

    /** One main scheduling cycle: its time, how many jobs it tried and how many were queued. */
    public synchronized void mainCycle(long micros, int depth, int queueLength) {
        main.setLastCycle(micros).setMaxCycle(Math.max(main.getMaxCycle(), micros))
                .setTotalCycles(main.getTotalCycles() + 1).setCycleSum(main.getCycleSum() + micros)
                .setDepthSum(main.getDepthSum() + depth).setLastQueueLength(queueLength);
    }

    /**
     * One backfill cycle.
     *
     * @param depth      jobs it looked at
     * @param depthTry   jobs it tried to place
     * @param tableSize  reservations it made (jslurm's counterpart of Slurm's slot table)
     * @param backfilled jobs it started ahead of higher-priority ones
     * @param when       epoch seconds at its start
     */
    public synchronized void backfillCycle(long micros, int depth, int depthTry, int queueLength, int tableSize,
                                           int backfilled, long when) {
        backfilledSinceStart += backfilled;
        backfill.setBackfilledJobsSinceReset(backfill.getBackfilledJobsSinceReset() + backfilled)
                .setTotalCycles(backfill.getTotalCycles() + 1).setLastCycleWhen(when).setLastCycle(micros)
                .setMaxCycle(Math.max(backfill.getMaxCycle(), micros)).setCycleSum(backfill.getCycleSum() + micros)
                .setLastDepth(depth).setLastDepthTry(depthTry).setDepthSum(backfill.getDepthSum() + depth)
                .setDepthTrySum(backfill.getDepthTrySum() + depthTry).setLastQueueLength(queueLength)
                .setQueueLengthSum(backfill.getQueueLengthSum() + queueLength).setLastTableSize(tableSize)
                .setTableSizeSum(backfill.getTableSizeSum() + tableSize);
    }

    /** sdiag -r: clears everything but the jobs backfilled since the controller started. */
    public synchronized void reset() {
        main = SchedulerCycleStats.newBuilder();
        backfill = BackfillStats.newBuilder();
    }

    public synchronized SchedulerCycleStats main() {
        return main.build();
    }

    public synchronized BackfillStats backfill() {
        return backfill.clone().setBackfilledJobs(backfilledSinceStart).build();
    }
}
