package io.jslurm.slurmd.daemon;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * slurmd's command line: {@code [-D] [-N nodename] [-f slurm.conf] [-c] [-v...] [-C] [-V] [-h]}.
 *
 * @param foreground {@code -D}: also log to standard error (the JVM never forks into the background)
 * @param nodeName   {@code -N}: the NodeName to run as instead of the one found from the host name
 * @param slurmConf  {@code -f}, else {@code $SLURM_CONF}, else {@code /etc/slurm/slurm.conf}
 * @param clearState {@code -c}: forget the jobs and undelivered completions a previous slurmd left
 * @param verbosity  how many {@code -v} were given
 */
public record SlurmdOptions(boolean foreground, Optional<String> nodeName, Path slurmConf, boolean clearState,
                            int verbosity, Action action) {
    public static final Path DEFAULT_CONF = Path.of("/etc/slurm/slurm.conf");

    /** What the command does; the first of -C, -V, -h decides, as getopt would. */
    public enum Action { RUN, PRINT_CONFIG, VERSION, HELP }

    public SlurmdOptions {
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(slurmConf, "slurmConf");
        Objects.requireNonNull(action, "action");
    }

    /** Thrown for a command line slurmd cannot run; the message is the one to print. */
    public static final class UsageException extends Exception {
        public UsageException(String message) {
            super(message);
        }
    }

    /** @param slurmConfEnv {@code $SLURM_CONF}, when set */
    public static SlurmdOptions parse(List<String> args, Optional<String> slurmConfEnv) throws UsageException {
        boolean foreground = false;
        boolean clear = false;
        int verbosity = 0;
        Optional<String> nodeName = Optional.empty();
        Path conf = slurmConfEnv.filter(value -> !value.isEmpty()).map(Path::of).orElse(DEFAULT_CONF);
        Action action = Action.RUN;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "-D" -> foreground = true;
                case "-c" -> clear = true;
                case "-C" -> action = first(action, Action.PRINT_CONFIG);
                case "-V", "--version" -> action = first(action, Action.VERSION);
                case "-h", "--help" -> action = first(action, Action.HELP);
                case "-N" -> nodeName = Optional.of(value(args, ++i, arg));
                case "-f" -> conf = Path.of(value(args, ++i, arg));
                default -> {
                    if (arg.matches("-v+")) {
                        verbosity += arg.length() - 1;
                    } else if (arg.startsWith("-N") && arg.length() > 2) {
                        nodeName = Optional.of(arg.substring(2));
                    } else if (arg.startsWith("-f") && arg.length() > 2) {
                        conf = Path.of(arg.substring(2));
                    } else {
                        throw new UsageException("slurmd: invalid option -- '" + arg + "'");
                    }
                }
            }
        }
        return new SlurmdOptions(foreground, nodeName, conf, clear, verbosity, action);
    }

    private static Action first(Action current, Action next) {
        return current == Action.RUN ? next : current;
    }

    private static String value(List<String> args, int index, String option) throws UsageException {
        if (index >= args.size() || args.get(index).isEmpty()) {
            throw new UsageException("slurmd: option requires an argument -- '" + option.substring(1) + "'");
        }
        return args.get(index);
    }
}
