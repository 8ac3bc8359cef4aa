package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.parse.SlurmConfKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Turns {@code NodeSet=} lines into node sets once every node is known. */
final class NodeSetLines {

    private final Diagnostics diagnostics;
    private final List<ConfLine> lines = new ArrayList<>();

    NodeSetLines(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void add(ConfLine line) {
        lines.add(line);
    }

    Map<String, NodeSet> resolve(List<NodeConfig> nodes) {
        Map<String, NodeSet> sets = new LinkedHashMap<>();
        for (ConfLine line : lines) {
            KeyValues values = KeyValues.of(SlurmConfKeys.NODE_SET, line.pairs(), Set.of(), diagnostics, line.location());
            String name = values.string("NodeSet");
            Optional<String> feature = values.optional("Feature");
            Hostlist members;
            if (feature.isPresent() == values.isSet("Nodes")) {
                diagnostics.error(line.location(), "node set '" + name + "' needs exactly one of Feature= or Nodes=");
                continue;
            } else if (feature.isPresent()) {
                members = Hostlist.of(nodes.stream().filter(n -> n.features().contains(feature.get()))
                        .map(NodeConfig::name).toList());
            } else {
                members = values.parsed("Nodes", Hostlist::parse, Hostlist.empty());
            }
            NodeSet set = new NodeSet(name, feature, members, line.location());
            NodeSet earlier = sets.putIfAbsent(name, set);
            if (earlier != null) {
                diagnostics.error(line.location(), "node set '" + name + "' is already defined at " + earlier.location());
            }
        }
        return sets;
    }
}
