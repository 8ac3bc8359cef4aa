package io.jslurm.slurmctld.stats;

import java.time.InstantSource;

/** Everything sdiag reports that the controller counts, and when the counting (re)started. */
public final class Statistics {

    private final RpcStatistics rpc = new RpcStatistics();
    private final SchedulerStatistics scheduler = new SchedulerStatistics();
    private final JobCounters jobs = new JobCounters();
    private final InstantSource clock;
    private volatile long since;

    public Statistics(InstantSource clock) {
        this.clock = clock;
        this.since = clock.instant().getEpochSecond();
    }

    public RpcStatistics rpc() {
        return rpc;
    }

    public SchedulerStatistics scheduler() {
        return scheduler;
    }

    public JobCounters jobs() {
        return jobs;
    }

    /** Epoch seconds of the start or the last reset. */
    public long since() {
        return since;
    }

    public void reset() {
        rpc.reset();
        scheduler.reset();
        jobs.reset();
        since = clock.instant().getEpochSecond();
    }
}
