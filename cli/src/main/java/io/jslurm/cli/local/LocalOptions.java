package io.jslurm.cli.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * slurm-local's command line: {@code up|status|down [--dir DIR] [--nodes N] [--gpus-per-node G] [--no-accounting]}.
 *
 * @param nodes        absent: one node, or what DIR's configuration already says
 * @param gpusPerNode  absent: none, or what DIR's configuration already says
 * @param accounting   false with --no-accounting: no slurmdbd (and no embedded MariaDB) is configured
 * @param confLines    --conf-line values, in order: extra slurm.conf lines for a new configuration
 */
record LocalOptions(Action action, Path dir, OptionalInt nodes, OptionalInt gpusPerNode, boolean accounting,
                    List<String> confLines) {

    enum Action { UP, STATUS, DOWN, HELP }

    static final String USAGE = """
            Usage: slurm-local up|status|down [--dir DIR] [--nodes N] [--gpus-per-node G] [--no-accounting]
                                [--conf-line LINE]...
              up       write a configuration for this machine under DIR (first time only), start slurmdbd,
                       slurmctld and one slurmd per node, wait until the nodes are idle (and, with
                       accounting, the controller holds the associations); the last two lines printed are
                       export commands: eval "$(slurm-local up)"
              status   what runs: daemons, pids, nodes and their states
              down     stop the daemons that up started
              --dir DIR             where configuration, state, logs and the database live
                                    (default $XDG_DATA_HOME/jslurm/local, else ~/.local/share/jslurm/local)
              --nodes N             N slurmd on this host, node1..nodeN, each with its own port (default 1)
              --gpus-per-node G     G stand-in GPUs per node: device files under DIR/dev, no real GPU needed
              --no-accounting       no slurmdbd: sacct has nothing to read, but start-up is faster
              --conf-line LINE      a line added to the new slurm.conf (repeatable); PartitionName lines
                                    replace the default partition 'debug' (Nodes=ALL names node1..nodeN)
            """;

    LocalOptions {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(gpusPerNode, "gpusPerNode");
        confLines = List.copyOf(confLines);
    }

    static LocalOptions parse(List<String> args, Map<String, String> environment) {
        Action action = null;
        Path dir = null;
        OptionalInt nodes = OptionalInt.empty();
        OptionalInt gpus = OptionalInt.empty();
        boolean accounting = true;
        List<String> confLines = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            switch (name) {
                case "up", "status", "down" -> {
                    if (action != null) {
                        throw new IllegalArgumentException("one action only, got " + action.name().toLowerCase() + " and " + arg);
                    }
                    action = Action.valueOf(arg.toUpperCase());
                }
                case "-h", "--help", "help" -> action = Action.HELP;
                case "--dir" -> {
                    String value = value(args, i, arg);
                    i += arg.contains("=") ? 0 : 1;
                    dir = Path.of(value);
                }
                case "--nodes", "-N" -> {
                    nodes = OptionalInt.of(count(value(args, i, arg), arg, 1, 512));
                    i += arg.contains("=") ? 0 : 1;
                }
                case "--gpus-per-node" -> {
                    gpus = OptionalInt.of(count(value(args, i, arg), arg, 0, 64));
                    i += arg.contains("=") ? 0 : 1;
                }
                case "--no-accounting" -> accounting = false;
                case "--conf-line" -> {
                    String line = value(args, i, arg);
                    i += arg.contains("=") ? 0 : 1;
                    if (line.contains("\n") || line.isBlank()) {
                        throw new IllegalArgumentException("--conf-line takes one non-empty slurm.conf line, got '"
                                + line + "'");
                    }
                    confLines.add(line.strip());
                }
                default -> throw new IllegalArgumentException("unrecognized argument '" + arg + "'");
            }
        }
        if (action == null) {
            throw new IllegalArgumentException("say up, status or down");
        }
        return new LocalOptions(action, dir != null ? dir.toAbsolutePath() : defaultDir(environment), nodes, gpus,
                accounting, confLines);
    }

    /** XDG's data home, as other per-user tools keep their state. */
    static Path defaultDir(Map<String, String> environment) {
        Optional<String> xdg = Optional.ofNullable(environment.get("XDG_DATA_HOME")).filter(s -> !s.isBlank());
        Path base = xdg.map(Path::of).orElseGet(() -> Path.of(environment.getOrDefault("HOME",
                System.getProperty("user.home")), ".local", "share"));
        return base.resolve("jslurm").resolve("local").toAbsolutePath();
    }

    private static String value(List<String> args, int i, String arg) {
        if (arg.contains("=")) {
            return arg.substring(arg.indexOf('=') + 1);
        }
        if (i + 1 >= args.size()) {
            throw new IllegalArgumentException("option '" + arg + "' requires an argument");
        }
        return args.get(i + 1);
    }

    private static int count(String value, String option, int min, int max) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("invalid " + option.replaceFirst("=.*", "") + " '" + value + "': a number from "
                + min + " to " + max);
    }
}
