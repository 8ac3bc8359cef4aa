package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/** The resources of one job, node by node, in node order. */
public record Allocation(List<NodeAllocation> nodes) {

    public Allocation {
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
        if (nodes.stream().map(NodeAllocation::node).distinct().count() != nodes.size()) {
            throw new IllegalArgumentException("a node appears twice in " + nodes);
        }
    }

    public List<String> nodeNames() {
        return nodes.stream().map(NodeAllocation::node).toList();
    }

    public Optional<NodeAllocation> on(String node) {
        return nodes.stream().filter(n -> n.node().equals(node)).findFirst();
    }

    public int totalGpus() {
        return nodes.stream().mapToInt(n -> n.gpus().size()).sum();
    }

    public int totalTasks() {
        return nodes.stream().mapToInt(NodeAllocation::tasks).sum();
    }
}
