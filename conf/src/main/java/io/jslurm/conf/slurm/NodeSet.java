package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Location;
import java.util.Objects;
import java.util.Optional;

/** A named group of nodes for use in {@code Nodes=} of partitions: listed, or all nodes with a feature. */
public record NodeSet(String name, Optional<String> feature, Hostlist nodes, Location location) {

    public NodeSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(location, "location");
    }
}
