package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.RunningJob;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
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
    /**
     * The last list {@link #nodes} made and the names it was made for (by identity: a partition's node list): the
     * main pass fits job after job in the same partition, and looking up 10,000 names per fit cost more than the
     * fit's own evaluation of a node. A node's view is changed in place, never replaced, so the list stays right.
     */
    private List<String> lastNames;
    private List<NodeFree> lastNodes;

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

    /** What is free now, per the snapshot's node allocations (and, where jobs share cores, who shares them). */
    public static FreeResources of(ClusterSnapshot snapshot) {
        FreeResources free = build(snapshot.nodes(), NodeFree::of);
        if (snapshot.running().stream().anyMatch(RunningJob::shared)) {
            free.applySharing(snapshot.running());
        }
        return free;
    }

    /** Counts the jobs on every core of nodes with a sharing job, so sharing jobs can join them. */
    private void applySharing(List<RunningJob> running) {
        Map<String, int[]> counts = new HashMap<>();
        Map<String, BitSet> exclusiveUse = new HashMap<>();
        for (RunningJob job : running) {
            for (NodeAllocation part : job.allocation().nodes()) {
                NodeFree node = byName().get(part.node());
                if (node == null) {
                    continue;
                }
                int[] users = counts.computeIfAbsent(part.node(), n -> new int[node.node().cores()]);
                BitSet alone = exclusiveUse.computeIfAbsent(part.node(), n -> new BitSet());
                part.cores().stream().filter(core -> core < users.length).forEach(core -> {
                    users[core]++;
                    if (!job.shared()) {
                        alone.set(core);
                    }
                });
            }
        }
        counts.forEach((name, users) -> {
            BitSet shareable = new BitSet();
            for (int core = 0; core < users.length; core++) {
                if (users[core] > 0 && !exclusiveUse.get(name).get(core)) {
                    shareable.set(core);
                }
            }
            byName().get(name).shareState(users, shareable);
        });
    }

    /** Views of the named nodes as a job allowed to share cores, {@code maxShare} jobs a core at most, sees them. */
    public FreeResources sharingView(List<String> names, int maxShare) {
        List<NodeFree> views = new ArrayList<>();
        List<String> found = new ArrayList<>();
        for (String name : names) {
            NodeFree node = byName().get(name);
            if (node != null) {
                views.add(node.sharingView(maxShare));
                found.add(name);
            }
        }
        return found.size() == names.size() ? inOrder(names, views) : of(views);
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
        if (names == lastNames) {
            return lastNodes;
        }
        Map<String, NodeFree> byName = byName();
        List<NodeFree> nodes = new ArrayList<>(names.size());
        for (String name : names) {
            NodeFree node = byName.get(name);
            if (node != null) {
                nodes.add(node);
            }
        }
        lastNames = names;
        lastNodes = Collections.unmodifiableList(nodes);
        return lastNodes;
    }

    public void allocate(Allocation allocation) {
        for (NodeAllocation part : allocation.nodes()) {
            require(part.node()).allocate(part);
        }
    }

    /** Allocates for a job that shares its cores (see {@link ResourceFit#shares}) when {@code shared}. */
    public void allocate(Allocation allocation, boolean shared) {
        if (!shared) {
            allocate(allocation);
            return;
        }
        for (NodeAllocation part : allocation.nodes()) {
            require(part.node()).allocateShared(part);
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
