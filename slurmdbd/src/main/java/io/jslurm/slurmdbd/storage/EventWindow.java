package io.jslurm.slurmdbd.storage;

import java.util.List;
import java.util.Objects;

/**
 * Which stored events a query reads: one cluster's (every cluster's when {@code cluster} is empty) events open at some moment of [from, to) (0 = unbounded),
 * of nodes, of the cluster itself or both, optionally only those still open or of some nodes.
 *
 * @param nodes node names; empty = every node (and, with {@code clusterEvents}, the cluster's own events)
 */
public record EventWindow(String cluster, long from, long to, boolean nodeEvents, boolean clusterEvents,
                          boolean openOnly, List<String> nodes) {

    public EventWindow {
        Objects.requireNonNull(cluster, "cluster");
        nodes = List.copyOf(nodes);
    }
}
