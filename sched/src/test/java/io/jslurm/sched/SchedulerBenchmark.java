package io.jslurm.sched;

import static io.jslurm.sched.testing.JobBuilder.job;

import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.NodeBuilder;
import io.jslurm.sched.testing.RunningJobBuilder;
import io.jslurm.sched.testing.Scenario;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Measures one full pass (main + backfill, Slurm's default parameters) over a busy cluster. Not a test: run it with
 * {@code java -cp sched/target/classes:sched/target/test-classes:common/target/classes
 * io.jslurm.sched.SchedulerBenchmark [nodes] [jobs] [bf_max_job_test] [passes]}.
 */
public final class SchedulerBenchmark {

    private SchedulerBenchmark() {
    }

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int jobs = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        // bf_max_job_test: Slurm's default is 500; pass the job count to have backfill test every job.
        int maxJobTest = args.length > 2 ? Integer.parseInt(args[2]) : BackfillParams.DEFAULT.maxJobTest();
        // Eight passes by default, so that the best one runs compiled code; fewer for the slow configurations.
        int passes = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        Scenario scenario = cluster(nodes);
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withMaxJobTest(maxJobTest)));
        ClusterSnapshot snapshot = scenario.snapshot();
        List<PendingJob> queue = queue(jobs);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Plan plan = null;
        long bestWall = Long.MAX_VALUE;
        long bestCpu = Long.MAX_VALUE;
        for (int round = 0; round < passes; round++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            plan = Scheduler.schedule(snapshot, queue, scenario.now(), scenario.params());
            wall = System.nanoTime() - wall;
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            bestWall = Math.min(bestWall, wall);
            bestCpu = Math.min(bestCpu, cpu);
            System.out.printf("pass %d: %.1f ms wall, %.1f ms CPU%n", round + 1, wall / 1e6, cpu / 1e6);
        }
        // CPU time of the scheduling thread is the figure to compare on a shared machine; wall time includes waits.
        System.out.printf("%d nodes, %d pending jobs: best pass %.1f ms wall, %.1f ms CPU; %d started (%d backfilled),"
                + " %d reserved, %d pending%n", nodes, jobs, bestWall / 1e6, bestCpu / 1e6, plan.starts().size(),
                plan.starts().stream().filter(s -> s.backfilled()).count(), plan.reservations().size(),
                plan.pending().size());
    }

    /** Three quarters GPU nodes of the seed shape, the rest 64-core CPU nodes; two thirds hold a running job. */
    public static Scenario cluster(int count) {
        Random random = new Random(1);
        Scenario scenario = Scenario.scenario();
        for (int i = 0; i < count; i++) {
            String name = String.format("node%05d", i);
            scenario.nodes(i % 4 == 3
                    ? NodeBuilder.node(name).sockets(2).coresPerSocket(32).memGiB(512).weight(1)
                    : NodeBuilder.a100Node(name).weight(10));
            if (random.nextInt(3) > 0) {
                Integer[] gpus = i % 4 == 3 ? new Integer[0] : new Integer[] {0, 1, 2, 3};
                scenario.running(RunningJobBuilder.running(1_000_000 + i)
                        .on(name, CoreSet.range(0, 32 + random.nextInt(32)), 256 * 1024, gpus)
                        .endsIn(Duration.ofMinutes(10 + random.nextInt(48 * 60))));
            }
        }
        return scenario;
    }

    /** A mix of single-GPU, 8-GPU, multi-node and CPU jobs, as on an AI training cluster. */
    public static List<PendingJob> queue(int count) {
        Random random = new Random(2);
        List<PendingJob> jobs = new ArrayList<>(count);
        for (int id = 1; id <= count; id++) {
            var job = job(id).priority(random.nextInt(10_000)).user(random.nextInt(50))
                    .time(Duration.ofMinutes(30 + random.nextInt(24 * 60)));
            switch (random.nextInt(5)) {
                case 0 -> job.gpus(1 + random.nextInt(2)).cpusPerTask(8).memGiB(64);
                case 1 -> job.gpusPerNode(8).cpusPerTask(96).memGiB(900);
                case 2 -> job.nodes(2 + random.nextInt(7)).gpusPerNode(8).cpusPerTask(64).memGiB(512);
                default -> job.ntasks(1 + random.nextInt(16)).cpusPerTask(2).memPerCpuMiB(2048);
            }
            jobs.add(job.build());
        }
        return jobs;
    }
}
