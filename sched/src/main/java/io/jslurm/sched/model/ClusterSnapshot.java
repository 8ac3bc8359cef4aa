package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.limits.LimitInputs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster as one scheduling pass sees it: nodes (in slurm.conf order), partitions, running jobs, the
 * QOS/association limits with the usage counted against them, and the advance reservations.
 */
public record ClusterSnapshot(List<Node> nodes, List<Partition> partitions, List<RunningJob> running,
        LimitInputs limits, List<AdvanceReservation> advanceReservations) {

    /** A cluster without advance reservations. */
    public ClusterSnapshot(List<Node> nodes, List<Partition> partitions, List<RunningJob> running,
            LimitInputs limits) {
        this(nodes, partitions, running, limits, List.of());
    }

    /** A cluster without accounting limits. */
    public ClusterSnapshot(List<Node> nodes, List<Partition> partitions, List<RunningJob> running) {
        this(nodes, partitions, running, LimitInputs.NONE);
    }

    public ClusterSnapshot {
        requireNonNull(limits, "limits is null");
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
        partitions = List.copyOf(requireNonNull(partitions, "partitions is null"));
        running = List.copyOf(requireNonNull(running, "running is null"));
        advanceReservations = List.copyOf(requireNonNull(advanceReservations, "advanceReservations is null"));
        Map<String, Node> byName = index(nodes);
        for (Partition partition : partitions) {
            for (String node : partition.nodes()) {
                if (!byName.containsKey(node)) {
                    throw new IllegalArgumentException("partition " + partition.name() + " names unknown node "
                            + node);
                }
            }
        }
    }

    private static Map<String, Node> index(List<Node> nodes) {
        Map<String, Node> byName = new LinkedHashMap<>();
        for (Node node : nodes) {
            if (byName.put(node.name(), node) != null) {
                throw new IllegalArgumentException("node " + node.name() + " appears twice");
            }
        }
        return byName;
    }

    public Optional<Partition> partition(String name) {
        return partitions.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
