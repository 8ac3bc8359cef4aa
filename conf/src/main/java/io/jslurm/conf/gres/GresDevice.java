package io.jslurm.conf.gres;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Location;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One gres.conf line describing resources: {@code Name=gpu Type=a100 File=/dev/nvidia[0-7] Cores=0-31}.
 *
 * @param nodes empty when the line applies to every node
 * @param files device files in order, one per unit; empty for count-only resources
 * @param count units described: the number of files when {@code Count} is not given
 * @param cores the cores closest to these devices ({@code Cores=0-31}); empty when not given
 * @param links per-device link counts to the other devices, as written
 */
public record GresDevice(Optional<Hostlist> nodes, String name, Optional<String> type, List<String> files,
                         long count, Optional<IdSet> cores, List<String> links, Set<GresFlag> flags,
                         Location location) {

    public GresDevice {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        files = List.copyOf(files);
        Objects.requireNonNull(cores, "cores");
        links = List.copyOf(links);
        flags = Set.copyOf(flags);
        Objects.requireNonNull(location, "location");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative");
        }
    }

    public boolean appliesTo(String node) {
        return nodes.map(list -> list.contains(node)).orElse(true);
    }
}
