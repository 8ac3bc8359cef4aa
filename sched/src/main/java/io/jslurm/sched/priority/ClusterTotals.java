package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The sizes job requests are measured against for the job size and TRES factors.
 *
 * @param maxPartitionJobFactor the highest PriorityJobFactor of any partition
 * @param maxQosPriority        the highest priority of any QOS
 * @param tres                  total of each TRES in the cluster, by name
 */
public record ClusterTotals(int nodes, long cpus, int maxPartitionJobFactor, long maxQosPriority,
        Map<String, Double> tres) {

    public ClusterTotals {
        tres = Map.copyOf(requireNonNull(tres, "tres is null"));
        if (nodes < 1 || cpus < 1) {
            throw new IllegalArgumentException("a cluster has at least one node and one CPU");
        }
    }
}
