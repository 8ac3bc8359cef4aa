package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/** The free resources of every node, by name: the state a fit is made against. A working copy; see {@link NodeFree}. */
public final class FreeResources {

    private Map<String, NodeFree> byName;
    /** When built for one partition: its node names and their views in the same order, so no lookups are needed. */
    private final List<String> orderedNames;
    private final List<NodeFree> ordered;

    private FreeResources(Map<String, NodeFree> byName) {
        this.byName = byName;
        this.orderedNames = null;
        this.ordered = null;
    }

    private FreeResources(List<String> orderedNames, List<NodeFree> ordered) {
        this.orderedNames = orderedNames;
        this.ordered = ordered;
    }

    /** Views of exactly {@code names}, in that order (a partition's nodes): the fast form for repeated fits. */
    public static FreeResources inOrder(List<String> names, List<NodeFree> nodes) {
        if (names.size() != nodes.size()) {
            throw new IllegalArgumentException(names.size() + " names for " + nodes.size() + " nodes");
        }
        return new FreeResources(names, nodes);
    }

    /** What is free now, per the snapshot's node allocations. */
    public static FreeResources of(ClusterSnapshot snapshot) {
        return build(snapshot.nodes(), NodeFree::of);
    }

    /** Every node empty: what the cluster could offer at best. */
    public static FreeResources empty(ClusterSnapshot snapshot) {
        return build(snapshot.nodes(), NodeFree::empty);
    }

    public static FreeResources of(Collection<NodeFree> nodes) {
        Map<String, NodeFree> byName = new HashMap<>();
        nodes.forEach(node -> byName.put(node.node().name(), node));
        return new FreeResources(byName);
    }

    private static FreeResources build(List<Node> nodes, BiFunction<Node, Integer, NodeFree> view) {
        Map<String, NodeFree> byName = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            byName.put(nodes.get(i).name(), view.apply(nodes.get(i), i));
        }
        return new FreeResources(byName);
    }

    public FreeResources copy() {
        Map<String, NodeFree> copy = new HashMap<>();
        byName().forEach((name, node) -> copy.put(name, node.copy()));
        return new FreeResources(copy);
    }

    public Optional<NodeFree> node(String name) {
        return Optional.ofNullable(byName().get(requireNonNull(name, "name is null")));
    }

    public List<NodeFree> nodes(List<String> names) {
        if (names == orderedNames) {
            return ordered;
        }
        Map<String, NodeFree> byName = byName();
        List<NodeFree> nodes = new ArrayList<>(names.size());
        for (String name : names) {
            NodeFree node = byName.get(name);
            if (node != null) {
                nodes.add(node);
            }
        }
        return nodes;
    }

    public void allocate(Allocation allocation) {
        for (NodeAllocation part : allocation.nodes()) {
            require(part.node()).allocate(part);
        }
    }

    public void release(Allocation allocation) {
        for (NodeAllocation part : allocation.nodes()) {
            node(part.node()).ifPresent(node -> node.release(part));
        }
    }

    private Map<String, NodeFree> byName() {
        if (byName == null) {
            Map<String, NodeFree> index = new HashMap<>();
            ordered.forEach(node -> index.put(node.node().name(), node));
            byName = index;
        }
        return byName;
    }

    private NodeFree require(String name) {
        NodeFree node = byName().get(name);
        if (node == null) {
            throw new IllegalArgumentException("unknown node " + name);
        }
        return node;
    }
}
