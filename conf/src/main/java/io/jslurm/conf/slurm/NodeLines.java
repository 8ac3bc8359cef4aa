package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.parse.SlurmConfKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns {@code NodeName=} lines into one {@link NodeConfig} per node. */
final class NodeLines {

    private static final List<String> TOPOLOGY_KEYS = List.of("Boards", "Sockets", "SocketsPerBoard",
            "CoresPerSocket", "ThreadsPerCore");

    private final Diagnostics diagnostics;
    private final LineDefaults defaults = new LineDefaults(SlurmConfKeys.NODE, "NodeName");
    private final Map<String, NodeConfig> nodes = new LinkedHashMap<>();

    NodeLines(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void add(ConfLine line) {
        defaults.apply(line, diagnostics).ifPresent(values -> addNodes(values, line.location()));
    }

    /** Every node, in the order the file defines them. */
    List<NodeConfig> nodes() {
        return List.copyOf(nodes.values());
    }

    private void addNodes(KeyValues values, Location location) {
        List<String> names = hosts(values, "NodeName").orElse(List.of());
        if (names.isEmpty()) {
            return;
        }
        List<String> hostnames = hosts(values, "NodeHostname").orElse(names);
        List<String> addresses = hosts(values, "NodeAddr").orElse(hostnames);
        if (!sameCount(values, names, hostnames, "NodeHostname") || !sameCount(values, names, addresses, "NodeAddr")) {
            return;
        }
        Topology topology = topology(values);
        MemorySize realMemory = values.megabytes("RealMemory", 1);
        MemorySize tmpDisk = values.megabytes("TmpDisk", 0);
        GresSpec gres = values.parsed("Gres", GresSpec::parse, GresSpec.empty());
        List<String> features = values.list("Features");
        int weight = (int) values.number("Weight", 1, Integer.MAX_VALUE);
        NodeStateSetting state = values.choice("State", NodeStateSetting.class, NodeStateSetting.UNKNOWN);
        Optional<String> reason = values.optional("Reason");
        int port = values.isSet("Port") ? values.port("Port") : 0;
        MemorySize memSpecLimit = values.megabytes("MemSpecLimit", 0);
        if (memSpecLimit.compareTo(realMemory) > 0) {
            values.invalid("MemSpecLimit", values.string("MemSpecLimit"), "it is more than RealMemory="
                    + realMemory.toMebibytesString());
        }
        IdSet cpuSpecList = values.parsed("CpuSpecList", IdSet::parse, IdSet.empty());
        int coreSpecCount = (int) values.number("CoreSpecCount", 0, topology.cores());
        for (int i = 0; i < names.size(); i++) {
            NodeConfig node = new NodeConfig(names.get(i), hostnames.get(i), addresses.get(i), topology.cpus(),
                    topology.boards(), topology.sockets(), topology.coresPerSocket(), topology.threadsPerCore(),
                    realMemory, tmpDisk, gres, features, weight, state, reason, port, memSpecLimit, cpuSpecList,
                    coreSpecCount, location);
            NodeConfig earlier = nodes.putIfAbsent(node.name(), node);
            if (earlier != null) {
                diagnostics.error(location, "node '" + node.name() + "' is already defined at " + earlier.location());
            }
        }
    }

    private Optional<List<String>> hosts(KeyValues values, String key) {
        if (!values.isSet(key)) {
            return Optional.empty();
        }
        return Optional.of(values.parsed(key, value -> Hostlist.parse(value).hosts(), List.of()));
    }

    private boolean sameCount(KeyValues values, List<String> names, List<String> others, String key) {
        if (names.size() == others.size()) {
            return true;
        }
        values.invalid(key, values.string(key), "it names " + others.size() + " hosts but NodeName names "
                + names.size() + " nodes; give one per node");
        return false;
    }

    private record Topology(int cpus, int boards, int sockets, int coresPerSocket, int threadsPerCore) {
        int cores() {
            return sockets * coresPerSocket;
        }
    }

    /**
     * Sockets, cores and threads as Slurm derives them: CPUs alone means that many single-core sockets;
     * SocketsPerBoard times Boards gives Sockets; CPUs defaults to every thread.
     */
    private Topology topology(KeyValues values) {
        int boards = (int) values.number("Boards", 1, Integer.MAX_VALUE);
        int coresPerSocket = (int) values.number("CoresPerSocket", 1, Integer.MAX_VALUE);
        int threadsPerCore = (int) values.number("ThreadsPerCore", 1, Integer.MAX_VALUE);
        int sockets = values.isSet("SocketsPerBoard")
                ? boards * (int) values.number("SocketsPerBoard", 1, Integer.MAX_VALUE)
                : (int) values.number("Sockets", 1, Integer.MAX_VALUE);
        boolean topologyGiven = TOPOLOGY_KEYS.stream().anyMatch(values::isSet);
        if (!values.isSet("CPUs")) {
            return new Topology(sockets * coresPerSocket * threadsPerCore, boards, sockets, coresPerSocket, threadsPerCore);
        }
        int cpus = (int) values.number("CPUs", 1, Integer.MAX_VALUE);
        if (!topologyGiven) {
            return new Topology(cpus, 1, cpus, 1, 1);
        }
        int cores = sockets * coresPerSocket;
        int threads = cores * threadsPerCore;
        if (cpus != threads && cpus != cores && cpus != sockets) {
            // Slurm resets CPUs rather than refusing the node, so configurations that start there start here.
            values.diagnostics().warning(values.location("CPUs"), "CPUs=" + cpus + " matches neither Sockets ("
                    + sockets + "), Sockets*CoresPerSocket (" + cores + ") nor Sockets*CoresPerSocket*ThreadsPerCore ("
                    + threads + "); using " + threads);
            cpus = threads;
        }
        return new Topology(cpus, boards, sockets, coresPerSocket, threadsPerCore);
    }
}
