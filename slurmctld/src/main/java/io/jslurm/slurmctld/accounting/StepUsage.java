package io.jslurm.slurmctld.accounting;

import io.jslurm.protocol.proto.ResourceUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a step used, node by node, as each node's slurmd read the step's cgroup there, and the step's totals
 * as sacct and sstat show them: CPU time and disk bytes summed over the nodes, the largest memory peak of a
 * node as the step's maximum, and the nodes' peaks shared out over the step's tasks as the average.
 *
 * <p>A node measures its part of the step as one cgroup, so with several tasks on a node the maximum is the
 * node's, not one task's.
 *
 * @param byNode each reporting node's usage, in report order
 */
public record StepUsage(Map<String, ResourceUsage> byNode) {

    public static final StepUsage NONE = new StepUsage(Map.of());

    public StepUsage {
        byNode = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(byNode,
                "byNode")));
    }

    /** With {@code node}'s report added, or replacing what the node said before. */
    public StepUsage with(String node, ResourceUsage usage) {
        Map<String, ResourceUsage> next = new LinkedHashMap<>(byNode);
        next.put(Objects.requireNonNull(node, "node"), Objects.requireNonNull(usage, "usage"));
        return new StepUsage(next);
    }

    public boolean isEmpty() {
        return byNode.isEmpty();
    }

    /** CPU and disk summed, memory and virtual size the largest of a node. */
    public ResourceUsage total() {
        ResourceUsage.Builder total = ResourceUsage.newBuilder();
        for (ResourceUsage node : byNode.values()) {
            total.setUserCpuMicros(total.getUserCpuMicros() + node.getUserCpuMicros())
                    .setSystemCpuMicros(total.getSystemCpuMicros() + node.getSystemCpuMicros())
                    .setMaxRssKb(Math.max(total.getMaxRssKb(), node.getMaxRssKb()))
                    .setMaxVmsizeKb(Math.max(total.getMaxVmsizeKb(), node.getMaxVmsizeKb()))
                    .setMaxDiskReadBytes(total.getMaxDiskReadBytes() + node.getMaxDiskReadBytes())
                    .setMaxDiskWriteBytes(total.getMaxDiskWriteBytes() + node.getMaxDiskWriteBytes());
        }
        return total.build();
    }

    /** The nodes' memory peaks over the step's tasks. */
    public long averageRssKb(int tasks) {
        long sum = byNode.values().stream().mapToLong(ResourceUsage::getMaxRssKb).sum();
        return sum / Math.max(1, tasks);
    }
}
