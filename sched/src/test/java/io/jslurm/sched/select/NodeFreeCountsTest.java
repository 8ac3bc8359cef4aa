package io.jslurm.sched.select;

import static io.jslurm.sched.testing.NodeBuilder.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The free core and GPU counts a node's resources keep (counted when they change, not when asked) are those of its
 * free cores and devices after any sequence of allocations, releases, narrowings and copies.
 */
class NodeFreeCountsTest {

    @Test
    void countsFollowEveryChangeOnRandomSequences() {
        Random random = new Random(11);
        int narrowed = 0;
        for (int round = 0; round < 300; round++) {
            int cores = 4 + random.nextInt(60);
            int gpus = random.nextInt(9);
            var builder = node("n" + round).sockets(1).coresPerSocket(cores).memGiB(64);
            if (gpus > 0) {
                builder.gpus(gpus, "a100");
            }
            NodeFree node = NodeFree.of(builder.build(), 0);
            List<NodeAllocation> held = new ArrayList<>();
            for (int step = 0; step < 40; step++) {
                switch (random.nextInt(4)) {
                    case 0, 1 -> {
                        NodeAllocation allocation = randomFree(random, node, cores, gpus);
                        node.allocate(allocation);
                        held.add(allocation);
                    }
                    case 2 -> {
                        if (!held.isEmpty()) {
                            node.release(held.remove(random.nextInt(held.size())));
                            // A release decides idleness from the counts: idle once everything is free again.
                            assertThat(node.idle()).as("round %d step %d", round, step).isEqualTo(
                                    node.freeCoreCount() == cores && node.freeGpuCount("") == gpus
                                            && node.freeMemory() == node.node().memoryMib());
                        }
                    }
                    default -> {
                        // Another stretch of time: a copy that then loses some of its own resources.
                        NodeFree other = node.copy();
                        other.allocate(randomFree(random, other, cores, gpus));
                        node = node.copy();
                        node.retainFree(other);
                        held.clear(); // what was held no longer matches what this view lost
                        narrowed++;
                    }
                }
                assertCountsArePlain(node, cores, gpus, "round " + round + " step " + step);
            }
        }
        assertThat(narrowed).isGreaterThan(1000);
    }

    private static void assertCountsArePlain(NodeFree node, int cores, int gpus, String where) {
        BitSet freeCores = new BitSet();
        for (int core = 0; core < cores; core++) {
            if (node.coreFree(core)) {
                freeCores.set(core);
            }
        }
        int freeGpus = 0;
        for (int gpu = 0; gpu < gpus; gpu++) {
            freeGpus += node.gpuFree(gpu) ? 1 : 0;
        }
        assertThat(node.freeCoreCount()).as(where).isEqualTo(freeCores.cardinality());
        assertThat(node.freeGpuCount("")).as(where).isEqualTo(freeGpus);
    }

    /** Some of the node's free cores and devices and a little memory. */
    private static NodeAllocation randomFree(Random random, NodeFree node, int cores, int gpus) {
        BitSet taken = new BitSet();
        for (int core = 0; core < cores; core++) {
            if (node.coreFree(core) && random.nextInt(3) == 0) {
                taken.set(core);
            }
        }
        List<Integer> devices = new ArrayList<>();
        for (int gpu = 0; gpu < gpus; gpu++) {
            if (node.gpuFree(gpu) && random.nextInt(3) == 0) {
                devices.add(gpu);
            }
        }
        long memory = Math.min(node.freeMemory(), random.nextInt(2048));
        return new NodeAllocation(node.node().name(), 1, CoreSet.copyOf(taken), memory, devices);
    }
}
