package io.jslurm.cli.sinfo;

import io.jslurm.cli.resv.ReservationCommands;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.format.Field;
import io.jslurm.cli.format.FormatException;
import io.jslurm.cli.format.LayoutSpec;
import io.jslurm.cli.format.OutputFormat;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.nodes.NodeJson;
import io.jslurm.cli.nodes.NodeStates;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.Version;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeStateFlag;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.PartitionRecord;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@code sinfo}: partitions and nodes, nodes that look alike grouped on one line. */
public final class Sinfo {

    static final String PROGRAM = "sinfo";
    /** The node state words Slurm's sinfo lists after an unknown one, in its order. */
    private static final String VALID_NODE_STATES = "unknown,down,idle,allocated,?,mixed,future,drain,drained,"
            + "draining,no_respond,reserved,perfctrs,cloud,completing,powering_down,powered_down,power_down,"
            + "powering_up,fail,maint,reboot,reboot^,unknown";
    static final String DEFAULT_FORMAT = "%9P %.5a %.10l %.6D %.6t %N";
    static final String LONG_FORMAT = "%9P %.5a %.10l %.10s %.4r %.8h %.10g %.6D %.11T %N";
    static final String NODE_FORMAT = "%#N %.6D %#P %6t";
    static final String NODE_LONG_FORMAT = "%#N %.6D %#P %.11T %.4c %.8z %.6m %.8d %.6w %.8f %20E";
    static final String SUMMARY_FORMAT = "%9P %.5a %.10l %.16F  %N";
    static final String REASON_FORMAT = "%20E %9u %19H %N";
    static final String REASON_LONG_FORMAT = "%20E %12U %19H %6t %N";

    private static final List<Option> OPTIONS = List.of(
            Option.flag("all", 'a'), Option.flag("dead", 'd'), Option.flag("exact", 'e'), Option.flag("noheader", 'h'),
            Option.flag("help"), Option.flag("hide"), Option.value("iterate", 'i'), Option.flag("long", 'l'),
            Option.value("clusters", 'M'), Option.value("nodes", 'n'), Option.flag("Node", 'N'),
            Option.flag("noconvert"), Option.value("format", 'o'), Option.value("Format", 'O'),
            Option.value("partition", 'p'), Option.flag("responding", 'r'), Option.flag("list-reasons", 'R'),
            Option.flag("summarize", 's'), Option.value("sort", 'S'), Option.value("states", 't'),
            Option.flag("reservation", 'T'), Option.flag("usage"), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("json"), Option.flag("yaml"), Option.flag("federation"),
            Option.flag("local"), Option.flag("future"));

    private final CommandEnvironment env;

    public Sinfo(CommandEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exitWithoutHooks(env, new Sinfo(env).run(Arrays.asList(args)));
    }

    /** What the command line asks for. */
    record Settings(boolean all, boolean header, boolean longListing, boolean perNode, boolean reasons,
            boolean summarize, boolean responding, boolean dead, boolean json, boolean noConvert, boolean exact,
            List<String> partitions, Optional<Hostlist> nodes, List<String> states, Optional<LayoutSpec> layout) {
    }

    public int run(List<String> args) {
        return execute(args, null, null);
    }

    /** The command as if the controller had answered with these partitions and nodes. */
    public int show(List<String> args, List<PartitionRecord> partitions, List<NodeRecord> nodes) {
        return execute(args, partitions, nodes);
    }

    private int execute(List<String> args, List<PartitionRecord> answeredPartitions, List<NodeRecord> answeredNodes) {
        PrintStream err = env.err();
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, err);
        if (parsed.isEmpty()) {
            return 1;
        }
        if (parsed.get().options().stream().anyMatch(g -> g.option().longName().equals("reservation"))) {
            return new ReservationCommands(env).sinfo(parsed.get().options().stream()
                    .noneMatch(g -> g.option().longName().equals("noheader")));
        }
        Settings settings;
        try {
            Optional<Settings> read = settings(parsed.get());
            if (read.isEmpty()) {
                return 0;
            }
            settings = read.get();
        } catch (IllegalArgumentException refused) {
            err.println(PROGRAM + ": error: " + refused.getMessage());
            return 1;
        }
        Instant now = env.clock().instant();
        JobDisplay display = new JobDisplay(now, env.zone(), settings.noConvert());
        List<PartitionRecord> partitions = answeredPartitions;
        List<NodeRecord> nodes = answeredNodes;
        if (partitions == null) {
            String loading = "slurm_load_partitions";
            try (Controller controller = env.controllers().open()) {
                partitions = controller.call(PartitionInfoRequest.newBuilder().setShowAll(settings.all()).build(),
                        PartitionInfoResponse.class).getPartitionsList();
                loading = "slurm_load_node";
                nodes = controller.call(NodeInfoRequest.newBuilder().setShowAll(settings.all()).build(),
                        NodeInfoResponse.class).getNodesList();
            } catch (ControllerException failed) {
                err.println(loading + ": " + failed.getMessage());
                return 1;
            }
        }
        List<NodeGroup> groups;
        try {
            groups = groups(partitions, nodes, settings, display);
        } catch (FormatException bad) {
            err.println(PROGRAM + ": error: " + bad.getMessage());
            return 1;
        }
        if (settings.json()) {
            NodeJson.writeSinfo(env.out(), CommandLine.typed(PROGRAM, args), env.identity(), groups.stream()
                    .map(g -> new NodeJson.Group(g.partition(), g.nodes())).toList(), display);
            return 0;
        }
        OutputFormat<NodeGroup> format = format(settings, groups, display);
        PrintStream out = env.out();
        if (settings.longListing()) {
            out.println(CommandLine.dateLine(now, env.zone()));
        }
        if (settings.header()) {
            out.println(format.header());
        }
        StringBuilder lines = new StringBuilder();
        for (NodeGroup group : groups) {
            format.appendLine(lines, group).append('\n');
        }
        out.print(lines);
        return 0;
    }

    private Optional<Settings> settings(ParsedOptions parsed) {
        boolean all = false;
        boolean header = true;
        boolean longListing = false;
        boolean perNode = false;
        boolean reasons = false;
        boolean summarize = false;
        boolean responding = false;
        boolean dead = false;
        boolean json = false;
        boolean noConvert = false;
        boolean exact = false;
        List<String> partitions = List.of();
        Optional<Hostlist> nodes = Optional.empty();
        List<String> states = List.of();
        Optional<LayoutSpec> layout = Optional.ofNullable(env.environment().get("SINFO_FORMAT")).map(LayoutSpec::percent);
        String partitionVar = env.environment().get("SINFO_PARTITION");
        if (partitionVar != null) {
            partitions = CommandLine.list(partitionVar);
        }
        for (ParsedOptions.Given given : parsed.options()) {
            String value = given.value();
            switch (given.option().longName()) {
                case "help", "usage" -> {
                    env.out().print(SinfoHelp.TEXT);
                    return Optional.empty();
                }
                case "version" -> {
                    env.out().println(Version.line());
                    return Optional.empty();
                }
                case "all" -> all = true;
                case "hide" -> all = false;
                case "dead" -> dead = true;
                case "responding" -> responding = true;
                case "noheader" -> header = false;
                case "long" -> longListing = true;
                case "Node" -> perNode = true;
                case "list-reasons" -> reasons = true;
                case "summarize" -> summarize = true;
                case "json" -> json = true;
                case "noconvert" -> noConvert = true;
                case "exact" -> exact = true;
                case "nodes" -> nodes = Optional.of(Hostlist.parse(value));
                case "partition" -> partitions = CommandLine.list(value);
                case "states" -> {
                    states = CommandLine.list(value);
                    for (String state : states) {
                        if (!NodeStates.isStateWord(state)) {
                            throw new IllegalArgumentException("Bad state string: \"" + state + "\"\n" + PROGRAM
                                    + ": error: valid states: " + VALID_NODE_STATES);
                        }
                    }
                }
                case "format" -> layout = Optional.of(LayoutSpec.percent(value));
                case "Format" -> layout = Optional.of(LayoutSpec.names(OutputFormat.knownFieldsOnly(value,
                        NodeFields.all(new JobDisplay(env.clock().instant(), java.time.ZoneOffset.UTC, false)),
                        name -> env.err().println(PROGRAM + ": error: Invalid job format specification: " + name))));
                case "yaml" -> throw new IllegalArgumentException("--yaml is not supported; use --json");
                case "iterate" -> throw new IllegalArgumentException("--iterate is not supported yet");
                default -> {
                    // -S, -v, clusters.
                }
            }
        }
        if (!parsed.operands().isEmpty()) {
            throw new IllegalArgumentException("Unknown argument: " + parsed.operands().get(0));
        }
        return Optional.of(new Settings(all, header, longListing, perNode, reasons, summarize, responding, dead,
                json, noConvert, exact, partitions, nodes, states, layout));
    }

    private static String defaultFormat(Settings settings) {
        if (settings.summarize()) {
            return SUMMARY_FORMAT;
        }
        if (settings.reasons()) {
            return settings.longListing() ? REASON_LONG_FORMAT : REASON_FORMAT;
        }
        if (settings.perNode()) {
            return settings.longListing() ? NODE_LONG_FORMAT : NODE_FORMAT;
        }
        return settings.longListing() ? LONG_FORMAT : DEFAULT_FORMAT;
    }

    /** The settings' layout, with {@code %#N} and {@code %#P} as wide as the longest value shown. */
    private static OutputFormat<NodeGroup> format(Settings settings, List<NodeGroup> groups, JobDisplay display) {
        List<Field<NodeGroup>> fields = NodeFields.all(display);
        LayoutSpec layout = settings.layout().orElseGet(() -> LayoutSpec.percent(defaultFormat(settings)));
        if (layout.fieldNames()) {
            return layout.parse(fields);
        }
        String spec = layout.text();
        for (Field<NodeGroup> field : fields) {
            String marker = "%#" + field.letter();
            if (field.letter() != 0 && spec.contains(marker)) {
                int width = field.header().length();
                for (NodeGroup group : groups) {
                    width = Math.max(width, field.value().apply(group).length());
                }
                spec = spec.replace(marker, "%" + width + field.letter());
            }
        }
        return OutputFormat.parsePercent(spec, fields);
    }

    /** The lines to print: each partition's nodes (or each node, or each reason), alike nodes merged. */
    static List<NodeGroup> groups(List<PartitionRecord> partitions, List<NodeRecord> nodes, Settings settings,
            JobDisplay display) {
        Map<String, NodeRecord> byName = new LinkedHashMap<>();
        for (NodeRecord node : nodes) {
            if (selected(node, settings)) {
                byName.put(node.getName(), node);
            }
        }
        List<PartitionRecord> shown = new ArrayList<>();
        for (PartitionRecord partition : partitions) {
            if ((settings.all() || !partition.getHidden())
                    && (settings.partitions().isEmpty() || settings.partitions().contains(partition.getName()))) {
                shown.add(partition);
            }
        }
        List<NodeGroup> rows = new ArrayList<>();
        if (settings.reasons()) {
            for (NodeRecord node : byName.values()) {
                if (hasReason(node)) {
                    rows.add(new NodeGroup(PartitionRecord.getDefaultInstance(), List.of(node)));
                }
            }
        } else {
            for (PartitionRecord partition : shown) {
                for (String name : members(partition, nodes)) {
                    NodeRecord node = byName.get(name);
                    if (node != null) {
                        rows.add(new NodeGroup(partition, List.of(node)));
                    }
                }
            }
        }
        OutputFormat<NodeGroup> layout = format(settings, rows, display);
        boolean byPartition = showsPartition(layout);
        if (settings.perNode()) {
            // Without a partition column a node in several partitions is one line, as in Slurm.
            Set<String> seen = new java.util.HashSet<>();
            List<NodeGroup> lines = new ArrayList<>();
            for (NodeGroup row : rows) {
                if (byPartition || settings.reasons() || seen.add(row.first().getName())) {
                    lines.add(row);
                }
            }
            lines.sort(Comparator.comparing((NodeGroup g) -> g.first().getName(), Sinfo::compareNames));
            return lines;
        }
        Map<String, List<NodeRecord>> merged = new LinkedHashMap<>();
        Map<String, PartitionRecord> partitionOf = new HashMap<>();
        for (NodeGroup row : rows) {
            String key = key(layout, row, byPartition, settings.exact());
            List<NodeRecord> members = merged.computeIfAbsent(key, k -> new ArrayList<>());
            if (!members.contains(row.first())) {
                members.add(row.first());
            }
            partitionOf.putIfAbsent(key, row.partition());
        }
        List<NodeGroup> groups = new ArrayList<>();
        for (Map.Entry<String, List<NodeRecord>> entry : merged.entrySet()) {
            groups.add(new NodeGroup(partitionOf.get(entry.getKey()), entry.getValue()));
        }
        Map<String, Integer> partitionOrder = new HashMap<>();
        for (int i = 0; i < shown.size(); i++) {
            partitionOrder.put(shown.get(i).getName(), i);
        }
        groups.sort(Comparator.comparingInt((NodeGroup g) -> partitionOrder.getOrDefault(g.partition().getName(), -1))
                .thenComparing(Comparator.comparingInt((NodeGroup g) -> stateOrder(g.first())).reversed()));
        return groups;
    }

    /**
     * The displayed values that do not sum or list nodes: rows alike in all of them share a line. Sizes count only
     * with {@code -e}; otherwise the line summarizes them.
     */
    private static String key(OutputFormat<NodeGroup> layout, NodeGroup row, boolean byPartition, boolean exact) {
        StringBuilder key = new StringBuilder(byPartition ? row.partition().getName() : "").append('\0');
        layout.columns().forEach(column -> {
            char letter = column.field().letter();
            String name = column.field().name().toLowerCase(Locale.ROOT);
            boolean aggregate = letter != 0 ? NodeFields.AGGREGATES.contains(letter)
                    : NodeFields.AGGREGATE_NAMES.contains(name);
            boolean summarized = letter != 0 ? NodeFields.SUMMARIZED.contains(letter)
                    : NodeFields.SUMMARIZED_NAMES.contains(name);
            if (!aggregate && (exact || !summarized)) {
                key.append(column.field().value().apply(row)).append('\0');
            }
        });
        return key.toString();
    }

    /** Whether a column shows the partition: without one, sinfo lines up nodes across partitions. */
    private static boolean showsPartition(OutputFormat<NodeGroup> layout) {
        return layout.columns().stream().map(column -> column.field().name().toLowerCase(Locale.ROOT))
                .anyMatch(name -> name.equals("partition") || name.equals("partitionname"));
    }

        /** Slurm's ordering of node states: the base state, raised by each flag's bit. */
    private static int stateOrder(NodeRecord node) {
        int order = node.getState().getNumber();
        for (NodeStateFlag flag : node.getStateFlagsList()) {
            order += switch (flag) {
                case NODE_FLAG_DRAIN -> 0x200;
                case NODE_FLAG_COMPLETING -> 0x400;
                case NODE_FLAG_NOT_RESPONDING -> 0x800;
                case NODE_FLAG_POWERED_DOWN -> 0x1000;
                case NODE_FLAG_FAIL -> 0x2000;
                case NODE_FLAG_MAINTENANCE -> 0x8000;
                default -> 0x100;
            };
        }
        return order;
    }

    private static List<String> members(PartitionRecord partition, List<NodeRecord> nodes) {
        if (!partition.getNodes().isEmpty()) {
            try {
                return Hostlist.parse(partition.getNodes()).hosts();
            } catch (IllegalArgumentException unreadable) {
                // fall back to the nodes' own partition lists
            }
        }
        List<String> names = new ArrayList<>();
        for (NodeRecord node : nodes) {
            if (node.getPartitionsList().contains(partition.getName())) {
                names.add(node.getName());
            }
        }
        return names;
    }

    private static boolean selected(NodeRecord node, Settings settings) {
        boolean notResponding = node.getStateFlagsList().contains(NodeStateFlag.NODE_FLAG_NOT_RESPONDING);
        if (settings.responding() && notResponding || settings.dead() && !notResponding) {
            return false;
        }
        if (settings.nodes().isPresent() && !settings.nodes().get().contains(node.getName())) {
            return false;
        }
        if (!settings.states().isEmpty() && settings.states().stream().noneMatch(s -> NodeStates.matches(s, node))) {
            return false;
        }
        return true;
    }

    private static boolean hasReason(NodeRecord node) {
        Set<NodeStateFlag> flags = Set.copyOf(node.getStateFlagsList());
        boolean unavailable = node.getState() == io.jslurm.protocol.proto.NodeState.NODE_DOWN
                || flags.contains(NodeStateFlag.NODE_FLAG_DRAIN) || flags.contains(NodeStateFlag.NODE_FLAG_FAIL);
        return unavailable;
    }

    /** Host names in natural order: {@code node2} before {@code node10}. */
    static int compareNames(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int endA = i;
                int endB = j;
                while (endA < a.length() && Character.isDigit(a.charAt(endA))) {
                    endA++;
                }
                while (endB < b.length() && Character.isDigit(b.charAt(endB))) {
                    endB++;
                }
                int byValue = new java.math.BigInteger(a.substring(i, endA)).compareTo(
                        new java.math.BigInteger(b.substring(j, endB)));
                if (byValue != 0) {
                    return byValue;
                }
                i = endA;
                j = endB;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
