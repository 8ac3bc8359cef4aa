package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The defined nodes and node sets, for resolving the node names other lines refer to. */
final class NodeIndex {

    private final Map<String, NodeConfig> nodes = new LinkedHashMap<>();
    private final Map<String, NodeSet> sets;
    private final Diagnostics diagnostics;

    NodeIndex(List<NodeConfig> nodes, Map<String, NodeSet> sets, Diagnostics diagnostics) {
        nodes.forEach(node -> this.nodes.put(node.name(), node));
        this.sets = sets;
        this.diagnostics = diagnostics;
    }

    boolean requireNode(String name, String where, Location location) {
        if (nodes.containsKey(name)) {
            return true;
        }
        diagnostics.error(location, where + " names node '" + name + "', which no NodeName line defines");
        return false;
    }

    /**
     * Expands a {@code Nodes=} value whose names may be nodes, node sets or {@code ALL}, into the
     * members in node definition order.
     */
    Hostlist members(Hostlist names, String where, Location location) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : names.hosts()) {
            if (name.equalsIgnoreCase("ALL")) {
                wanted.addAll(nodes.keySet());
            } else if (sets.containsKey(name)) {
                wanted.addAll(sets.get(name).nodes().hosts());
            } else if (requireNode(name, where, location)) {
                wanted.add(name);
            }
        }
        List<String> ordered = new ArrayList<>();
        nodes.keySet().stream().filter(wanted::contains).forEach(ordered::add);
        return Hostlist.of(ordered);
    }
}
