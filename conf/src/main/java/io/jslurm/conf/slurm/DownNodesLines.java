package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.parse.SlurmConfKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Turns {@code DownNodes=} lines into records, checking that each names defined nodes. */
final class DownNodesLines {

    private final Diagnostics diagnostics;
    private final List<ConfLine> lines = new ArrayList<>();

    DownNodesLines(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void add(ConfLine line) {
        lines.add(line);
    }

    List<DownNodes> resolve(NodeIndex index) {
        List<DownNodes> out = new ArrayList<>();
        for (ConfLine line : lines) {
            KeyValues values = KeyValues.of(SlurmConfKeys.DOWN_NODES, line.pairs(), Set.of(), diagnostics, line.location());
            Hostlist nodes = values.parsed("DownNodes", Hostlist::parse, Hostlist.empty());
            nodes.hosts().forEach(name -> index.requireNode(name, "DownNodes", line.location()));
            out.add(new DownNodes(nodes, values.choice("State", NodeStateSetting.class, NodeStateSetting.DOWN),
                    values.optional("Reason"), line.location()));
        }
        return List.copyOf(out);
    }
}
