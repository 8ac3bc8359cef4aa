package io.jslurm.sched.testing;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;

import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random but reproducible clusters and queues: the same seed gives the same scenario. */
public final class RandomCluster {

    private final Random random;

    public RandomCluster(long seed) {
        this.random = new Random(seed);
    }

    public Scenario scenario(int nodeCount, int jobCount) {
        Scenario scenario = Scenario.scenario();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            String name = String.format("n%03d", i);
            names.add(name);
            scenario.nodes(randomNode(name));
        }
        for (int i = 0; i < nodeCount / 3; i++) {
            running(scenario, 90_000 + i, names.get(random.nextInt(names.size())));
        }
        for (int i = 1; i <= jobCount; i++) {
            scenario.queue(randomJob(i, names));
        }
        return scenario;
    }

    private NodeBuilder randomNode(String name) {
        int sockets = 1 + random.nextInt(2);
        NodeBuilder node = node(name).sockets(sockets).coresPerSocket(4 + random.nextInt(5) * 4)
                .memGiB(16 + random.nextInt(4) * 16).weight(1 + random.nextInt(3));
        if (random.nextBoolean()) {
            node.gpus(sockets * (1 + random.nextInt(4)), random.nextBoolean() ? "a100" : "h100");
        }
        if (random.nextInt(4) == 0) {
            node.features("ib");
        }
        if (random.nextInt(10) == 0) {
            node.state(random.nextBoolean() ? NodeState.DRAINED : NodeState.DOWN, "random");
        }
        return node;
    }

    /** A running job on the first cores of a node; its node must not hold another running job here. */
    private void running(Scenario scenario, long id, String node) {
        if (scenario.hasRunningJobOn(node)) {
            return;
        }
        scenario.running(RunningJobBuilder.running(id).on(node, CoreSet.range(0, 1 + random.nextInt(4)),
                512 + random.nextInt(4096)).endsIn(Duration.ofMinutes(5 + random.nextInt(600))));
    }

    private JobBuilder randomJob(long id, List<String> names) {
        JobBuilder job = job(id).priority(random.nextInt(5)).user(random.nextInt(4))
                .time(Duration.ofMinutes(1 + random.nextInt(240)));
        int nodes = 1 + (random.nextInt(4) == 0 ? random.nextInt(3) : 0);
        job.nodes(nodes, nodes + random.nextInt(2)).ntasks(nodes * (1 + random.nextInt(4)))
                .cpusPerTask(1 + random.nextInt(4));
        switch (random.nextInt(4)) {
            case 0 -> job.memPerCpuMiB(256 + random.nextInt(2048));
            case 1 -> job.memMiB(512 + random.nextInt(8192));
            default -> job.memMiB(1024);
        }
        switch (random.nextInt(5)) {
            case 0 -> job.gpusPerNode(1 + random.nextInt(4));
            case 1 -> job.gpus(1 + random.nextInt(6));
            case 2 -> job.gpusPerTask(1);
            default -> { }
        }
        if (random.nextInt(8) == 0) {
            job.exclusive();
        }
        if (random.nextInt(10) == 0) {
            job.constraint(Constraint.feature("ib"));
        }
        if (random.nextInt(12) == 0) {
            job.exclude(names.get(random.nextInt(names.size())));
        }
        if (random.nextInt(15) == 0) {
            job.nodelist(names.get(random.nextInt(names.size())));
        }
        return job;
    }
}
