package io.jslurm.conf.slurm;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.parse.SlurmConfKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link SlurmConfig} from slurm.conf's lines (includes already expanded). A line whose first
 * key is {@code NodeName}, {@code PartitionName}, {@code NodeSet}, {@code DownNodes} or
 * {@code FrontendName} describes one such entity; every other pair is a single setting.
 */
public final class SlurmConfParser {

    private static final Set<String> REPEATABLE = Set.of("SlurmctldHost");
    /** The width of the accounting database's cluster columns. */
    static final int MAX_CLUSTER_NAME = 64;

    private SlurmConfParser() {
    }

    /** A misspelt first key of an entity line would make every later key look unknown too; report it alone. */
    private static void addSingle(ConfLine line, List<ConfPair> single, Diagnostics diagnostics) {
        String first = line.first().key();
        if (line.pairs().size() > 1 && SlurmConfKeys.GLOBAL.find(first).isEmpty()) {
            diagnostics.error(line.location(), "unknown key '" + first + "'" + SlurmConfKeys.GLOBAL.suggestion(first));
        } else {
            single.addAll(line.pairs());
        }
    }

    /** Parses; problems go to {@code diagnostics}, and the result is only meaningful when there are no errors. */
    public static SlurmConfig parse(List<ConfLine> lines, Location fileStart, Diagnostics diagnostics) {
        NodeLines nodeLines = new NodeLines(diagnostics);
        PartitionLines partitionLines = new PartitionLines(diagnostics);
        NodeSetLines nodeSetLines = new NodeSetLines(diagnostics);
        DownNodesLines downNodesLines = new DownNodesLines(diagnostics);
        List<ConfPair> single = new ArrayList<>();
        for (ConfLine line : lines) {
            switch (line.first().key().toLowerCase(Locale.ROOT)) {
                case "nodename" -> nodeLines.add(line);
                case "partitionname" -> partitionLines.add(line);
                case "nodeset" -> nodeSetLines.add(line);
                case "downnodes" -> downNodesLines.add(line);
                case "frontendname" -> diagnostics.warning(line.location(),
                        "key 'FrontendName' is not supported yet and is ignored");
                default -> addSingle(line, single, diagnostics);
            }
        }
        KeyValues values = KeyValues.of(SlurmConfKeys.GLOBAL, single, REPEATABLE, diagnostics, fileStart);
        GlobalSettings global = new GlobalSettings(values);
        List<ControllerHost> controllers = Controllers.of(values, fileStart, diagnostics);
        String clusterName = values.string("ClusterName").toLowerCase(Locale.ROOT);
        if (clusterName.isEmpty()) {
            diagnostics.error(fileStart, "ClusterName is not set");
        } else if (clusterName.length() > MAX_CLUSTER_NAME) {
            // The accounting database keeps the name in 64-character columns; refuse it here, not as a DB error.
            values.invalid("ClusterName", clusterName, "at most " + MAX_CLUSTER_NAME + " characters (it has "
                    + clusterName.length() + ")");
        }
        List<NodeConfig> nodes = nodeLines.nodes();
        Map<String, NodeSet> nodeSets = nodeSetLines.resolve(nodes);
        NodeIndex index = new NodeIndex(nodes, nodeSets, diagnostics);
        List<String> gresTypes = values.list("GresTypes");
        return new SlurmConfig(clusterName, controllers, global.authType(),
                values.parsed("SlurmctldPort", PortRange::parse, new PortRange(6817, 6817)), values.port("SlurmdPort"), values.string("SlurmUser"),
                values.string("SlurmdUser"), global.debug("SlurmctldDebug"), global.debug("SlurmdDebug"),
                global.scheduling(), global.priority(), global.accounting(), gresTypes, global.paths(),
                global.timers(), global.limits(), global.launch(), nodes, partitionLines.resolve(index),
                List.copyOf(nodeSets.values()), downNodesLines.resolve(index), values.lastPairs());
    }
}
