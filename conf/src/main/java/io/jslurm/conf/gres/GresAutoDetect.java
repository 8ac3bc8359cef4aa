package io.jslurm.conf.gres;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Location;
import java.util.Objects;
import java.util.Optional;

/** An {@code AutoDetect=} setting, for every node or for the nodes of its line. */
public record GresAutoDetect(Optional<Hostlist> nodes, AutoDetect mode, Location location) {

    public GresAutoDetect {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(location, "location");
    }

    public boolean appliesTo(String node) {
        return nodes.map(list -> list.contains(node)).orElse(true);
    }
}
