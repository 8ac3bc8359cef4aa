package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Location;
import java.util.Objects;
import java.util.Optional;

/** A {@code DownNodes=} line: nodes that start in a non-working state, and why. */
public record DownNodes(Hostlist nodes, NodeStateSetting state, Optional<String> reason, Location location) {

    public DownNodes {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(location, "location");
    }
}
