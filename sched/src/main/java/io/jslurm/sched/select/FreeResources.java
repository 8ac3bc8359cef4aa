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

    private final Map<String, NodeFree> byName;

    private FreeResources(Map<String, NodeFree> byName) {
        this.byName = byName;
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
        byName.forEach((name, node) -> copy.put(name, node.copy()));
        return new FreeResources(copy);
    }

    public Optional<NodeFree> node(String name) {
        return Optional.ofNullable(byName.get(requireNonNull(name, "name is null")));
    }

    public List<NodeFree> nodes(List<String> names) {
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

    private NodeFree require(String name) {
        NodeFree node = byName.get(name);
        if (node == null) {
            throw new IllegalArgumentException("unknown node " + name);
        }
        return node;
    }
}
