package io.jslurm.cli.scontrol;

import io.jslurm.common.Version;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code scontrol [OPTIONS] COMMAND [ARGS...]}. Keywords are case-insensitive and may be abbreviated as
 * in Slurm. Commands that need the controller say that they are not available yet.
 */
public final class Scontrol {

    /** Commands and show-entities Slurm has that need a running controller. */
    private static final List<String> CONTROLLER_COMMANDS = List.of("abort", "cancel_reboot", "completing",
            "create", "delete", "hold", "holdu", "listpids", "notify", "ping", "reboot", "reconfigure", "release",
            "requeue", "requeuehold", "resume", "suspend", "takeover", "top", "uhold", "update", "wait_job",
            "write", "shutdown", "setdebug", "setdebugflags", "token");

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;

    public Scontrol(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    public static void main(String[] args) {
        int status = new Scontrol(System.out, System.err, System.getenv()).run(args);
        System.out.flush();
        System.exit(status);
    }

    public int run(String[] args) {
        List<String> words = new ArrayList<>();
        for (String arg : args) {
            switch (arg) {
                case "-V", "--version" -> {
                    out.println("jslurm " + Version.current());
                    return 0;
                }
                case "-h", "--help" -> {
                    out.print(ScontrolHelp.TEXT);
                    return 0;
                }
                case "-o", "--oneliner", "-d", "--details", "-Q", "--quiet", "-v", "--verbose", "-a", "--all",
                        "--json" -> {
                    // Display options; they matter to the show commands that read controller state.
                }
                default -> {
                    if (arg.startsWith("-") && words.isEmpty()) {
                        err.println("scontrol: unrecognized option '" + arg + "'");
                        err.println("Try \"scontrol --help\" for more information");
                        return 1;
                    }
                    words.add(arg);
                }
            }
        }
        if (words.isEmpty()) {
            err.println("scontrol: interactive mode is not implemented yet; give a command");
            return 1;
        }
        return execute(words.get(0), words.subList(1, words.size()));
    }

    private int execute(String keyword, List<String> args) {
        if (Keywords.matches(keyword, "show", 3)) {
            return show(args);
        }
        if (Keywords.matches(keyword, "version", 4)) {
            out.println("jslurm " + Version.current());
            return 0;
        }
        if (Keywords.matches(keyword, "help", 2)) {
            out.print(ScontrolHelp.TEXT);
            return 0;
        }
        for (String command : CONTROLLER_COMMANDS) {
            if (Keywords.matches(keyword, command, Math.min(command.length(), 3))) {
                return notYet("'" + command + "'");
            }
        }
        err.println("invalid keyword: " + keyword);
        return 1;
    }

    private int show(List<String> args) {
        if (args.isEmpty()) {
            err.println("too few arguments for keyword:show");
            return 1;
        }
        if (args.size() > 2) {
            err.println("too many arguments for keyword:show");
            return 1;
        }
        String entity = args.get(0);
        String id = args.size() > 1 ? args.get(1) : null;
        HostlistShow hostlists = new HostlistShow(out, err, environment);
        if (Keywords.matches(entity, "hostnames", 5)) {
            return hostlists.hostnames(id);
        }
        if (Keywords.matches(entity, "hostlistsorted", 9)) {
            return hostlists.hostlist(id, true);
        }
        if (Keywords.matches(entity, "hostlist", 5)) {
            return hostlists.hostlist(id, false);
        }
        for (String controllerEntity : List.of("aliases", "assoc_mgr", "config", "daemons", "federation", "job",
                "licenses", "node", "partition", "reservation", "slurmd", "step", "topology")) {
            if (Keywords.matches(entity, controllerEntity, Math.min(controllerEntity.length(), 3))) {
                return notYet("'show " + controllerEntity + "'");
            }
        }
        err.println("invalid entity:" + entity + " for keyword:show ");
        return 1;
    }

    private int notYet(String what) {
        err.println("scontrol: " + what + " needs slurmctld, which is not implemented yet in jslurm "
                + Version.current());
        return 1;
    }
}
