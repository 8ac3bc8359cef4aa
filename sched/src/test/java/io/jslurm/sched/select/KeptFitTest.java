package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A kept fit answers as the plain fit does over the same views, metric and detail included, while nodes change
 * under it and some nodes are seen through other views for one fit only.
 */
class KeptFitTest {

    @Test
    void answersAsTheWholeFitWhileNodesChangeAndOthersAreSeenOtherwise() {
        int fits = 0;
        int found = 0;
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            Scenario scenario = new RandomCluster(seed).scenario(24, 0);
            ClusterSnapshot snapshot = scenario.snapshot();
            Partition partition = snapshot.partitions().get(0);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            FreeResources free = FreeResources.of(snapshot);
            List<NodeFree> base = free.nodes(partition.nodes());
            Map<ResourceRequest, KeptFit> kept = new HashMap<>();
            for (int round = 0; round < 60; round++) {
                ResourceRequest request = request(random, partition.nodes()).request();
                if (!KeptFit.applies(fit, request, partition)) {
                    continue;
                }
                KeptFit keptFit = kept.computeIfAbsent(request, r -> new KeptFit(fit, r, partition, base));
                // Nodes seen otherwise: a copy of the base with a few more cores, memory or GPUs taken.
                int[] indexes = new int[base.size()];
                NodeFree[] views = new NodeFree[base.size()];
                int count = 0;
                List<NodeFree> seen = new ArrayList<>(base);
                for (int i = 0; i < base.size(); i++) {
                    if (random.nextInt(4) == 0) {
                        NodeFree view = base.get(i).copy();
                        take(random, view);
                        indexes[count] = i;
                        views[count++] = view;
                        seen.set(i, view);
                    }
                }
                FitResult expected = fit.fit(request, partition, FreeResources.inOrder(partition.nodes(), seen));
                assertThat(keptFit.fit(indexes, views, count)).as("seed %d round %d: %s", seed, round, request)
                        .isEqualTo(expected);
                fits++;
                found += expected.fits() ? 1 : 0;
                // A start: one node's base changes, and every kept fit is told.
                int changed = random.nextInt(base.size());
                take(random, base.get(changed));
                kept.values().forEach(k -> k.changed(changed, base.get(changed)));
            }
        }
        assertThat(fits).isGreaterThan(1000);
        assertThat(found).isBetween(fits / 10, fits - fits / 10); // both answers are exercised
    }

    /** Takes a random part of what is free on the node. */
    private static void take(Random random, NodeFree node) {
        BitSet cores = new BitSet();
        for (int core = 0; core < node.node().cores(); core++) {
            if (node.coreFree(core) && random.nextInt(3) == 0) {
                cores.set(core);
            }
        }
        List<Integer> gpus = new ArrayList<>();
        node.gpuDevices().forEach(gpu -> {
            if (node.gpuFree(gpu.index()) && random.nextInt(3) == 0) {
                gpus.add(gpu.index());
            }
        });
        long memory = node.freeMemory() > 0 ? random.nextLong(node.freeMemory() / 3 + 1) : 0;
        node.allocate(new NodeAllocation(node.node().name(), 1, CoreSet.copyOf(cores), memory, gpus));
    }

    private static JobBuilder request(Random random, List<String> names) {
        int nodes = 1 + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
        JobBuilder job = job(1).nodes(nodes, nodes + random.nextInt(3)).ntasks(nodes * (1 + random.nextInt(4)))
                .cpusPerTask(1 + random.nextInt(4));
        switch (random.nextInt(3)) {
            case 0 -> job.memPerCpuMiB(256 + random.nextInt(2048));
            case 1 -> job.memMiB(512 + random.nextInt(8192));
            default -> { }
        }
        switch (random.nextInt(5)) {
            case 0 -> job.gpusPerNode(1 + random.nextInt(3));
            case 1 -> job.gpus(1 + random.nextInt(6));
            case 2 -> job.gpusPerTask(1);
            default -> { }
        }
        if (random.nextInt(8) == 0) {
            job.exclusive();
        }
        if (random.nextInt(8) == 0) {
            job.ntasksPerNode(1 + random.nextInt(2));
        }
        if (random.nextInt(10) == 0) {
            job.constraint(Constraint.feature("ib"));
        }
        if (random.nextInt(10) == 0) {
            job.exclude(names.get(random.nextInt(names.size())));
        }
        return job;
    }
}
