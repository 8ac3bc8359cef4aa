package io.jslurm.slurmctld.stats;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.rpc.Callers;
import io.jslurm.slurmctld.rpc.SlurmError;
import io.jslurm.slurmctld.state.JobStore;
import java.time.InstantSource;
import java.util.List;

/** sdiag's request: the statistics as they are now, or a reset of them (root and SlurmUser only). */
public final class StatsHandlers {

    /** The controller's moving parts sdiag reports on besides its counters. */
    public record Gauges(java.util.function.IntSupplier serverThreads, java.util.function.IntSupplier agentQueue,
                         java.util.function.IntSupplier agents, java.util.function.IntSupplier dbdQueue,
                         java.util.function.BooleanSupplier associationsHeld) {
    }

    private final Statistics statistics;
    private final JobStore store;
    private final Gauges gauges;
    private final Callers callers;
    private final InstantSource clock;

    public StatsHandlers(Statistics statistics, JobStore store, Gauges gauges, Callers callers, InstantSource clock) {
        this.statistics = statistics;
        this.store = store;
        this.gauges = gauges;
        this.callers = callers;
        this.clock = clock;
    }

    public StatsInfoResponse info(RpcCall<StatsInfoRequest> call) throws RpcException {
        if (call.request().getReset()) {
            if (!callers.privileged(call.caller())) {
                throw SlurmError.ACCESS_DENIED.exception();
            }
            statistics.reset();
            return StatsInfoResponse.getDefaultInstance();
        }
        long now = clock.instant().getEpochSecond();
        List<Job> live = store.query(job -> job.state() == JobState.PENDING || job.state() == JobState.RUNNING);
        int pending = (int) live.stream().filter(job -> job.state() == JobState.PENDING).count();
        JobCounters jobs = statistics.jobs();
        return StatsInfoResponse.newBuilder()
                .setRequestTime(now).setDataSince(statistics.since())
                .setServerThreadCount(gauges.serverThreads().getAsInt())
                .setAgentQueueSize(gauges.agentQueue().getAsInt()).setAgentCount(gauges.agents().getAsInt())
                .setAgentThreadCount(gauges.agents().getAsInt()).setDbdAgentQueueSize(gauges.dbdQueue().getAsInt())
                .setJobsSubmitted(jobs.submitted()).setJobsStarted(jobs.started())
                .setJobsCompleted(jobs.completed()).setJobsCanceled(jobs.canceled()).setJobsFailed(jobs.failed())
                .setJobStatesTime(now).setJobsPending(pending).setJobsRunning(live.size() - pending)
                .setMain(statistics.scheduler().main()).setBackfill(statistics.scheduler().backfill())
                .addAllRpcTypes(statistics.rpc().types()).addAllRpcUsers(statistics.rpc().users())
                .setClockLatency(clockLatencyMicros())
                .setAssociationsHeld(gauges.associationsHeld().getAsBoolean())
                .build();
    }

    /** Slurm's "Latency for 1000 calls to gettimeofday()": what reading the clock costs on this host. */
    private int clockLatencyMicros() {
        long started = System.nanoTime();
        long sink = 0;
        for (int i = 0; i < 1000; i++) {
            sink += clock.millis();
        }
        return (int) ((System.nanoTime() - started + (sink & 0)) / 1_000);
    }
}
