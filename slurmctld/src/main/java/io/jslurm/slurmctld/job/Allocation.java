package io.jslurm.slurmctld.job;

import java.util.List;
import java.util.Objects;

/**
 * The resources a started job holds.
 *
 * @param nodeList the allocated nodes as a Slurm hostlist expression ({@code gpu[01-04]})
 * @param memoryMiB memory allocated on each node
 * @param gres generic resources allocated on each node
 */
public record Allocation(String nodeList, int nodeCount, int cpus, long memoryMiB, List<GresRequest> gres) {

    public static final Allocation NONE = new Allocation("", 0, 0, 0, List.of());

    public Allocation {
        Objects.requireNonNull(nodeList, "nodeList");
        gres = List.copyOf(gres);
        if (nodeCount < 0 || cpus < 0 || memoryMiB < 0) {
            throw new IllegalArgumentException("allocation counts must not be negative");
        }
        if (nodeList.isEmpty() != (nodeCount == 0)) {
            throw new IllegalArgumentException("node list '" + nodeList + "' does not match node count " + nodeCount);
        }
    }

    public boolean isEmpty() {
        return nodeCount == 0;
    }
}
