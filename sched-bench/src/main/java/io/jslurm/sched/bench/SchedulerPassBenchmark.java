package io.jslurm.sched.bench;

import io.jslurm.sched.Scheduler;
import io.jslurm.sched.SchedulerBenchmark;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole scheduler pass (main + backfill) over the cluster and queue of {@link SchedulerBenchmark}: three
 * quarters 8-GPU nodes, two thirds of all nodes busy, a mix of GPU, multi-node and CPU jobs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class SchedulerPassBenchmark {

    @Param({"1000", "10000"})
    public int nodes;

    @Param({"10000"})
    public int jobs;

    /** bf_max_job_test: Slurm's default 500, or every job. */
    @Param({"500", "10000"})
    public int maxJobTest;

    private ClusterSnapshot snapshot;
    private List<PendingJob> queue;
    private Instant now;
    private SchedulerParams params;

    @Setup
    public void setUp() {
        Scenario scenario = SchedulerBenchmark.cluster(nodes);
        snapshot = scenario.snapshot();
        queue = SchedulerBenchmark.queue(jobs);
        now = scenario.now();
        params = scenario.params().withBackfill(scenario.params().backfill().withMaxJobTest(maxJobTest));
    }

    @Benchmark
    public Plan pass() {
        return Scheduler.schedule(snapshot, queue, now, params);
    }
}
