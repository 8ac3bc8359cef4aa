package io.jslurm.cli.sinfo;

import static io.jslurm.cli.jobs.JobDisplay.orNotApplicable;
import static io.jslurm.cli.jobs.JobDisplay.orNull;

import io.jslurm.cli.format.Field;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.nodes.NodeStates;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.NodeStateFlag;
import io.jslurm.protocol.proto.PartitionRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/** Every field sinfo's {@code -o} letters and {@code -O} names print, with Slurm's column titles. */
final class NodeFields {

    /** Fields whose value sums or lists the group's nodes rather than describing each. */
    static final Set<Character> AGGREGATES = Set.of('N', 'D', 'C', 'F', 'n', 'o', 'A');
    static final Set<String> AGGREGATE_NAMES = Set.of("nodelist", "nodes", "nodeaiot", "cpusstate", "nodehost",
            "nodeaddr", "nodeai");

    /**
     * Sizes that, without {@code -e}, do not keep nodes apart: a line shows them as {@link GroupNumbers} summaries.
     */
    static final Set<Character> SUMMARIZED = Set.of('c', 'd', 'e', 'm', 'O', 'w', 'X', 'Y', 'Z', 'z');
    static final Set<String> SUMMARIZED_NAMES = Set.of("cpus", "disk", "freemem", "memory", "cpusload", "weight",
            "sockets", "cores", "threads", "socketcorethread", "port");

    private final List<Field<NodeGroup>> fields = new ArrayList<>();

    private NodeFields() {
    }

    static List<Field<NodeGroup>> all(JobDisplay d) {
        NodeFields f = new NodeFields();
        f.add('a', "Available", "AVAIL", g -> availability(g.partition()));
        f.add('A', "NodeAI", "NODES(A/I)", g -> counts(g, false));
        f.add('b', "FeaturesAct", "ACTIVE_FEATURES", g -> orNull(g.first().getFeaturesActive()));
        f.add('B', "MaxCPUsPerNode", "MAX_CPUS_PER_NODE", g -> limit(g.partition().getMaxCpusPerNode()));
        f.add('c', "CPUs", "CPUS", g -> GroupNumbers.leastPlus(g, n -> Integer.toUnsignedLong(n.getCpus())));
        f.add('C', "CPUsState", "CPUS(A/I/O/T)", NodeFields::cpuStates);
        f.add('d', "Disk", "TMP_DISK", g -> GroupNumbers.leastPlus(g, NodeRecord::getTmpDiskMb));
        f.add('D', "Nodes", "NODES", g -> Integer.toString(g.nodes().size()));
        f.add('e', "FreeMem", "FREE_MEM", g -> GroupNumbers.knownRange(g, NodeRecord::hasFreeMemoryMb,
                NodeRecord::getFreeMemoryMb, "%.0f", JobDisplay.NOT_APPLICABLE));
        f.add('E', "Reason", "REASON", g -> g.first().getReason().isEmpty() ? "none" : g.first().getReason());
        f.add('f', "Features", "AVAIL_FEATURES", g -> orNull(g.first().getFeatures()));
        f.add('F', "NodeAIOT", "NODES(A/I/O/T)", g -> counts(g, true));
        f.add('g', "Groups", "GROUPS", g -> groups(g.partition()));
        f.add('G', "Gres", "GRES", g -> orNull(g.first().getGres()));
        f.add('h', "OverSubscribe", "OVERSUBSCRIBE", g -> orNull(g.partition().getOversubscribe()));
        f.add('H', "Timestamp", "TIMESTAMP", g -> g.first().getReasonTime() == 0 ? "Unknown"
                : d.time(g.first().getReasonTime()));
        f.add('I', "PriorityJobFactor", "PRIO_JOB_FACTOR", g -> Integer.toUnsignedString(g.partition().getPriorityJobFactor()));
        f.add('l', "Time", "TIMELIMIT", g -> timeLimit(g.partition()));
        f.add('L', "DefaultTime", "DEFAULTTIME", g -> g.partition().hasDefaultTimeMinutes()
                ? PartitionText.minutes(g.partition().getDefaultTimeMinutes()).toSinfoString() : "n/a");
        f.add('m', "Memory", "MEMORY", g -> GroupNumbers.leastPlus(g, NodeRecord::getRealMemoryMb));
        f.add('M', "PreemptMode", "PREEMPT_MODE", g -> orNull(g.partition().getPreemptMode()));
        f.add('n', "NodeHost", "HOSTNAMES", g -> hostlist(g, NodeRecord::getHostname));
        f.add('N', "NodeList", "NODELIST", g -> hostlist(g, NodeRecord::getName));
        f.add('o', "NodeAddr", "NODE_ADDR", g -> hostlist(g, NodeRecord::getAddress));
        f.add('O', "CPUsLoad", "CPU_LOAD", g -> GroupNumbers.knownRange(g, NodeRecord::hasCpuLoad,
                NodeRecord::getCpuLoad, "%.2f", JobDisplay.NOT_APPLICABLE));
        f.add('p', "PriorityTier", "PRIO_TIER", g -> Integer.toUnsignedString(g.partition().getPriorityTier()));
        f.add('P', "Partition", "PARTITION", g -> g.partition().getName() + (g.partition().getIsDefault() ? "*" : ""));
        f.add('r', "Root", "ROOT", g -> g.partition().getRootOnly() ? "yes" : "no");
        f.add('R', "PartitionName", "PARTITION", g -> g.partition().getName());
        f.add('s', "Size", "JOB_SIZE", g -> jobSize(g.partition()));
        f.add('S', "AllocNodes", "ALLOCNODES", g -> g.partition().getAllowAllocNodes().isEmpty() ? "all"
                : g.partition().getAllowAllocNodes());
        f.add('t', "StateCompact", "STATE", g -> NodeStates.compactName(g.first()));
        f.add('T', "StateLong", "STATE", g -> NodeStates.longName(g.first()).toLowerCase(Locale.ROOT));
        f.add('u', "User", "USER", g -> reasonUser(g.first()));
        f.add('U', "UserLong", "USER", g -> reasonUser(g.first()) + "(" + g.first().getReasonUid() + ")");
        f.add('v', "Version", "VERSION", g -> orNotApplicable(g.first().getVersion()));
        f.add('w', "Weight", "WEIGHT", g -> GroupNumbers.leastPlus(g, n -> Integer.toUnsignedLong(n.getWeight())));
        f.add('X', "Sockets", "SOCKETS", NodeFields::sockets);
        f.add('Y', "Cores", "CORES", NodeFields::cores);
        f.add('Z', "Threads", "THREADS", NodeFields::threads);
        f.add('z', "SocketCoreThread", "S:C:T", g -> sockets(g) + ":" + cores(g) + ":" + threads(g));
        f.add("AllocMem", "ALLOCMEM", g -> Long.toString(g.first().getAllocatedMemoryMb()));
        f.add("Arch", "ARCH", g -> orNotApplicable(g.first().getArch()));
        f.add("Comment", "COMMENT", g -> orNull(g.first().getComment()));
        f.add("Extra", "EXTRA", g -> orNull(g.first().getExtra()));
        f.add("GresUsed", "GRES_USED", g -> orNull(g.first().getGresUsed()));
        f.add("OS", "OS", g -> orNotApplicable(g.first().getOs()));
        f.add("Port", "PORT", g -> GroupNumbers.range(g, n -> Integer.toUnsignedLong(n.getPort())));
        f.add("StateComplete", "STATECOMPLETE", g -> NodeStates.complete(g.first()).toLowerCase(Locale.ROOT));
        f.add("Cluster", "CLUSTER", g -> "N/A");
        return List.copyOf(f.fields);
    }

    private static String sockets(NodeGroup group) {
        return GroupNumbers.leastPlus(group, n -> Integer.toUnsignedLong(n.getSockets()));
    }

    private static String cores(NodeGroup group) {
        return GroupNumbers.leastPlus(group, n -> Integer.toUnsignedLong(n.getCoresPerSocket()));
    }

    private static String threads(NodeGroup group) {
        return GroupNumbers.leastPlus(group, n -> Integer.toUnsignedLong(n.getThreadsPerCore()));
    }

    static String availability(PartitionRecord partition) {
        return switch (partition.getState()) {
            case PARTITION_UP -> "up";
            case PARTITION_DOWN -> "down";
            case PARTITION_DRAIN -> "drain";
            case PARTITION_INACTIVE -> "inact";
            default -> "n/a";
        };
    }

    static String timeLimit(PartitionRecord partition) {
        return PartitionText.minutes(partition.getMaxTimeMinutes()).toSinfoString();
    }

    private static String limit(int value) {
        return value == 0 || Integer.toUnsignedLong(value) == JobDisplay.UNLIMITED_MINUTES ? "UNLIMITED"
                : Integer.toUnsignedString(value);
    }

    static String jobSize(PartitionRecord partition) {
        long min = Math.max(1, Integer.toUnsignedLong(partition.getMinNodes()));
        long max = Integer.toUnsignedLong(partition.getMaxNodes());
        String maxText = max == JobDisplay.UNLIMITED_MINUTES || max == 0 ? "infinite" : Long.toString(max);
        return min + "-" + maxText;
    }

    static String groups(PartitionRecord partition) {
        String groups = partition.getAllowGroups();
        return groups.isEmpty() || groups.equalsIgnoreCase("ALL") ? "all" : groups;
    }

    private static String reasonUser(NodeRecord node) {
        if (!node.getReasonUser().isEmpty()) {
            return node.getReasonUser();
        }
        return node.getReason().isEmpty() ? "Unknown" : Integer.toUnsignedString(node.getReasonUid());
    }

    /** Allocated, idle, other and total CPUs of the group. */
    private static String cpuStates(NodeGroup group) {
        long allocated = 0;
        long idle = 0;
        long other = 0;
        long total = 0;
        for (NodeRecord node : group.nodes()) {
            long cpus = Integer.toUnsignedLong(node.getCpus());
            long used = Math.min(cpus, Integer.toUnsignedLong(node.getCpusAllocated()));
            total += cpus;
            if (unavailable(node)) {
                other += cpus;
            } else {
                allocated += used;
                idle += cpus - used;
            }
        }
        return allocated + "/" + idle + "/" + other + "/" + total;
    }

    /** Allocated (or mixed), idle, other and total nodes; without {@code other} for {@code %A}. */
    private static String counts(NodeGroup group, boolean withOther) {
        long allocated = 0;
        long idle = 0;
        long other = 0;
        for (NodeRecord node : group.nodes()) {
            if (unavailable(node)) {
                other++;
            } else if (node.getState() == NodeState.NODE_ALLOCATED || node.getState() == NodeState.NODE_MIXED) {
                allocated++;
            } else if (node.getState() == NodeState.NODE_IDLE) {
                idle++;
            } else {
                other++;
            }
        }
        return withOther ? allocated + "/" + idle + "/" + other + "/" + group.nodes().size() : allocated + "/" + idle;
    }

    private static boolean unavailable(NodeRecord node) {
        return node.getState() == NodeState.NODE_DOWN || node.getState() == NodeState.NODE_FUTURE
                || node.getStateFlagsList().contains(NodeStateFlag.NODE_FLAG_DRAIN)
                || node.getStateFlagsList().contains(NodeStateFlag.NODE_FLAG_FAIL)
                || node.getStateFlagsList().contains(NodeStateFlag.NODE_FLAG_NOT_RESPONDING);
    }

    private static String hostlist(NodeGroup group, Function<NodeRecord, String> name) {
        List<String> names = new ArrayList<>(group.nodes().size());
        for (NodeRecord node : group.nodes()) {
            String value = name.apply(node);
            names.add(value.isEmpty() ? node.getName() : value);
        }
        return Hostlist.of(names).sorted().ranged();
    }

    private void add(char letter, String name, String header, Function<NodeGroup, String> value) {
        fields.add(new Field<>(letter, name, header, value));
    }

    private void add(String name, String header, Function<NodeGroup, String> value) {
        fields.add(new Field<>((char) 0, name, header, value));
    }
}
