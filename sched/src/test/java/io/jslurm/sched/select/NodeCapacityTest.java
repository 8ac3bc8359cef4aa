package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.NodeBuilder;
import io.jslurm.sched.testing.Scenario;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A node's task capacity is the plain rule's: the most tasks, up to the limit asked, such that every count from one
 * to it fits the node's free cores, memory and GPUs; whatever bound the search starts from, it must not cut that
 * short or overshoot it.
 */
class NodeCapacityTest {

    @Test
    void maxTasksIsTheLargestCountThatFitsOnRandomNodesAndJobs() {
        Random random = new Random(7);
        Partition partition = Scenario.scenario().nodes(node("p0")).snapshot().partitions().get(0);
        int belowUpper = 0;
        int atUpper = 0;
        int none = 0;
        int byCoresTight = 0;
        for (int round = 0; round < 20_000; round++) {
            NodeFree free = NodeFree.of(randomNode(random), 0);
            SelectParams params = new SelectParams(SelectType.values()[random.nextInt(4)], OptionalLong.empty(),
                    OptionalLong.empty(), random.nextInt(4) == 0
                            ? OptionalLong.of(512 + random.nextInt(2048)) : OptionalLong.empty());
            JobShape job = new JobShape(randomJob(random).request(), partition, params);
            int upper = 1 + random.nextInt(48);
            int plain = 0;
            while (plain < upper && NodeCapacity.fits(job, free, job.demand(free, plain + 1,
                    job.gpusFor(plain + 1)))) {
                plain++;
            }
            int found = NodeCapacity.maxTasks(job, free, upper);
            assertThat(found).as("round %d: %s on %s, upper %d", round, job.request, free, upper).isEqualTo(plain);
            none += plain == 0 ? 1 : 0;
            atUpper += plain == upper ? 1 : 0;
            belowUpper += plain > 0 && plain < upper ? 1 : 0;
            byCoresTight += plain > 0 && plain == job.taskBoundByCores(free) ? 1 : 0;
        }
        // Every case is exercised: no task, every task asked, a count in between, and the core bound itself.
        assertThat(none).isGreaterThan(500);
        assertThat(atUpper).isGreaterThan(500);
        assertThat(belowUpper).isGreaterThan(500);
        assertThat(byCoresTight).isGreaterThan(500);
    }

    private static Node randomNode(Random random) {
        int sockets = 1 + random.nextInt(2);
        int coresPerSocket = 2 + random.nextInt(31);
        int cores = sockets * coresPerSocket;
        NodeBuilder node = node("p0").sockets(sockets).coresPerSocket(coresPerSocket)
                .threadsPerCore(1 + random.nextInt(2)).memGiB(4 + random.nextInt(64));
        int gpus = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(8);
        if (gpus > 0) {
            node.gpus(gpus, "a100");
        }
        if (random.nextInt(4) > 0) {
            Integer[] used = random.nextBoolean() && gpus > 0 ? new Integer[] {0} : new Integer[0];
            node.allocated(CoreSet.range(0, random.nextInt(cores + 1)), random.nextInt(4096), used);
        }
        return node.build();
    }

    private static JobBuilder randomJob(Random random) {
        JobBuilder job = job(1).ntasks(1 + random.nextInt(48)).cpusPerTask(1 + random.nextInt(6));
        switch (random.nextInt(4)) {
            case 0 -> job.memPerCpuMiB(64 + random.nextInt(4096));
            case 1 -> job.memMiB(256 + random.nextInt(8192));
            case 2 -> job.memPerGpuMiB(256 + random.nextInt(4096));
            default -> { }
        }
        switch (random.nextInt(5)) {
            case 0 -> job.gpusPerNode(1 + random.nextInt(4));
            case 1 -> job.gpusPerTask(1);
            case 2 -> job.gpus(1 + random.nextInt(4));
            default -> { }
        }
        if (random.nextInt(4) == 0) {
            job.cpusPerGpu(1 + random.nextInt(8));
        }
        if (random.nextInt(8) == 0) {
            job.exclusive();
        }
        return job;
    }
}
