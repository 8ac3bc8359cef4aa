package io.jslurm.sched;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Prints a digest of the whole plan (starts, reservations, every pending status) of one {@link SchedulerBenchmark}
 * pass, so that a change meant only to make the pass faster can be checked against the build before it on large
 * clusters: {@code java -cp ... io.jslurm.sched.PlanDigest [nodes] [jobs] [bf_max_job_test]}.
 */
public final class PlanDigest {

    private PlanDigest() {
    }

    public static void main(String[] args) throws NoSuchAlgorithmException {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int jobs = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int maxJobTest = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        Scenario scenario = SchedulerBenchmark.cluster(nodes);
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withMaxJobTest(maxJobTest)));
        ClusterSnapshot snapshot = scenario.snapshot();
        List<PendingJob> queue = SchedulerBenchmark.queue(jobs);
        Plan plan = Scheduler.schedule(snapshot, queue, scenario.now(), scenario.params());
        System.out.printf("%d nodes, %d jobs, bf_max_job_test %d: %d started, %d reserved, %d pending; schedule %s,"
                + " plan %s%n", nodes, jobs, maxJobTest, plan.starts().size(), plan.reservations().size(),
                plan.pending().size(), digest(plan.starts() + " " + plan.reservations()), digest(plan.toString()));
    }

    static String digest(String text) throws NoSuchAlgorithmException {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hash, 0, 8);
    }
}
