package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What one job holds on one node.
 *
 * @param gpus GPU device indexes, ascending
 */
public record NodeAllocation(String node, int tasks, CoreSet cores, long memoryMib, List<Integer> gpus) {

    public NodeAllocation {
        requireNonNull(node, "node is null");
        requireNonNull(cores, "cores is null");
        gpus = List.copyOf(requireNonNull(gpus, "gpus is null")).stream().sorted().toList();
        if (memoryMib < 0 || tasks < 0) {
            throw new IllegalArgumentException(node + ": negative memory or tasks");
        }
    }

    @Override
    public String toString() {
        return node + "[tasks=" + tasks + " cores=" + cores + " mem=" + memoryMib + "M gpus=" + gpus + "]";
    }
}
