package io.jslurm.slurmctld.schedule;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every running job holds, node by node, with cores and GPU indices: the live state the scheduler's
 * snapshots and the fit re-check are built from. The job table keeps the durable summary; this keeps the detail.
 */
public final class Allocations {

    private final Map<Long, Allocation> byJob = new ConcurrentHashMap<>();

    public void put(long jobId, Allocation allocation) {
        byJob.put(jobId, allocation);
    }

    public Optional<Allocation> remove(long jobId) {
        return Optional.ofNullable(byJob.remove(jobId));
    }

    public Optional<Allocation> of(long jobId) {
        return Optional.ofNullable(byJob.get(jobId));
    }

    public Map<Long, Allocation> all() {
        return Map.copyOf(byJob);
    }

    /** What is in use on one node, summed over jobs. */
    public record NodeUsage(CoreSet cores, long memoryMib, Set<Integer> gpus) {
        public static final NodeUsage NONE = new NodeUsage(CoreSet.empty(), 0, Set.of());
    }

    public Map<String, NodeUsage> usageByNode() {
        Map<String, CoreSet> cores = new HashMap<>();
        Map<String, Long> memory = new HashMap<>();
        Map<String, Set<Integer>> gpus = new HashMap<>();
        for (Allocation allocation : byJob.values()) {
            for (NodeAllocation part : allocation.nodes()) {
                cores.merge(part.node(), part.cores(), CoreSet::union);
                memory.merge(part.node(), part.memoryMib(), Long::sum);
                gpus.computeIfAbsent(part.node(), n -> new HashSet<>()).addAll(part.gpus());
            }
        }
        Map<String, NodeUsage> usage = new HashMap<>();
        for (String node : cores.keySet()) {
            usage.put(node, new NodeUsage(cores.get(node), memory.get(node), Set.copyOf(gpus.get(node))));
        }
        return usage;
    }

    /** The jobs with any part of their allocation on one of these nodes. */
    public List<Long> jobsOn(Set<String> nodes) {
        return byJob.entrySet().stream()
                .filter(e -> e.getValue().nodeNames().stream().anyMatch(nodes::contains))
                .map(Map.Entry::getKey).sorted().toList();
    }
}
