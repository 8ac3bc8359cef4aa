package io.jslurm.slurmctld.schedule;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Gives the jobs recovered after a controller restart cores and GPU indices again: the job table keeps only how many
 * CPUs and GPUs each job holds per node. Cores are handed out least used first, lowest first, never beyond the
 * node's cores: jobs that shared cores before the restart (OverSubscribe, gang time-slicing) share them again
 * afterwards instead of being given cores the node does not have, so time-slicing goes on between them.
 */
final class RecoveredCores {

    private final Function<String, Optional<NodeConfig>> nodes;
    /** Per node, how many recovered jobs use each core. */
    private final Map<String, int[]> coreUse = new HashMap<>();
    private final Map<String, Set<Integer>> usedGpus = new HashMap<>();

    RecoveredCores(Function<String, Optional<NodeConfig>> nodes) {
        this.nodes = nodes;
    }

    /**
     * The detailed allocation for one job's summary, or empty when none of its nodes is configured any more.
     *
     * @param counted whether the cores count as used for the jobs recovered after this one (false for a job that
     *                holds only memory now, such as one an operator suspended)
     */
    Optional<Allocation> assign(io.jslurm.slurmctld.job.Allocation summary, boolean counted) {
        List<String> names = Hostlist.parse(summary.nodeList()).hosts();
        int gpus = summary.gres().stream().filter(g -> g.name().equals("gpu")).mapToInt(g -> (int) g.count()).sum();
        List<NodeAllocation> parts = new ArrayList<>();
        for (String name : names) {
            Optional<NodeConfig> node = nodes.apply(name);
            if (node.isEmpty()) {
                continue;
            }
            int threads = Math.max(1, node.get().threadsPerCore());
            int wanted = Math.max(1, summary.cpus() / Math.max(1, names.size()) / threads);
            int[] use = coreUse.computeIfAbsent(name, n -> new int[Math.max(1, node.get().cores())]);
            BitSet mine = leastUsed(use, Math.min(wanted, use.length));
            if (counted) {
                mine.stream().forEach(core -> use[core]++);
            }
            parts.add(new NodeAllocation(name, 1, CoreSet.copyOf(mine), summary.memoryMiB(), gpus(name, gpus, counted)));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(new Allocation(parts));
    }

    private static BitSet leastUsed(int[] use, int count) {
        BitSet mine = new BitSet();
        for (int level = 0; mine.cardinality() < count; level++) {
            for (int core = 0; core < use.length && mine.cardinality() < count; core++) {
                if (use[core] == level) {
                    mine.set(core);
                }
            }
        }
        return mine;
    }

    private List<Integer> gpus(String node, int count, boolean counted) {
        Set<Integer> used = usedGpus.computeIfAbsent(node, n -> new HashSet<>());
        List<Integer> mine = new ArrayList<>();
        for (int index = 0; mine.size() < count; index++) {
            if (!used.contains(index)) {
                mine.add(index);
            }
        }
        if (counted) {
            used.addAll(mine);
        }
        return mine;
    }
}
