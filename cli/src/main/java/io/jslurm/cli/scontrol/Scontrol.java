package io.jslurm.cli.scontrol;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.resv.ReservationCommands;
import io.jslurm.common.Version;
import io.jslurm.protocol.proto.JobControlRequest;
import java.io.PrintStream;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code scontrol [OPTIONS] COMMAND [ARGS...]}. Keywords are case-insensitive and may be abbreviated as
 * in Slurm. Commands that need the controller say that they are not available yet.
 */
public final class Scontrol {

    /** Commands Slurm has that jslurm's controller does not offer yet. */
    private static final List<String> LATER_COMMANDS = List.of("abort", "cancel_reboot", "completing",
            "holdu", "listpids", "notify", "reboot", "takeover", "top",
            "wait_job", "write", "shutdown", "setdebug", "setdebugflags", "token");

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final CommandEnvironment env;

    public Scontrol(PrintStream out, PrintStream err, Map<String, String> environment) {
        this(new CommandEnvironment(out, err, environment, InstantSource.system(), ZoneId.systemDefault(),
                ClientIdentity.current(), Controllers.fromEnvironment(environment)));
    }

    public Scontrol(CommandEnvironment env) {
        this.env = env;
        this.out = env.out();
        this.err = env.err();
        this.environment = env.environment();
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exitWithoutHooks(env, new Scontrol(env).run(args));
    }

    private ControllerCommands controller;
    /** -o: one line per record. */
    private boolean oneLinePerRecord;

    public int run(String[] args) {
        List<String> words = new ArrayList<>();
        boolean oneLiner = false;
        boolean details = false;
        boolean json = false;
        boolean quiet = false;
        for (String arg : args) {
            switch (arg) {
                case "-V", "--version" -> {
                    out.println(Version.line());
                    return 0;
                }
                case "-h", "--help" -> {
                    out.print(ScontrolHelp.TEXT);
                    return 0;
                }
                case "-o", "--oneliner" -> oneLiner = true;
                case "-d", "--details" -> details = true;
                case "--json" -> json = true;
                case "-Q", "--quiet" -> quiet = true;
                case "-v", "--verbose", "-a", "--all" -> {
                    // Every record is shown; verbosity changes nothing yet.
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
        oneLinePerRecord = oneLiner;
        controller = new ControllerCommands(env, new ControllerCommands.Flags(oneLiner, details, json, quiet,
                CommandLine.typed("scontrol", List.of(args))));
        return execute(words.get(0), words.subList(1, words.size()));
    }

    private int execute(String keyword, List<String> args) {
        if (Keywords.matches(keyword, "show", 3)) {
            return show(args);
        }
        if (Keywords.matches(keyword, "version", 4)) {
            out.println(Version.line());
            return 0;
        }
        if (Keywords.matches(keyword, "help", 2)) {
            out.print(ScontrolHelp.TEXT);
            return 0;
        }
        if (Keywords.matches(keyword, "update", 1)) {
            if (!args.isEmpty() && isReservationKey(args.get(0))) {
                return new ReservationCommands(env).update(args);
            }
            return new Updates(env, controller).run(args);
        }
        if (Keywords.matches(keyword, "create", 2)) {
            if (args.isEmpty()) {
                err.println("too few arguments for create keyword");
                return 1;
            }
            if (!Keywords.matches(args.get(0), "reservation", 3)) {
                err.println("invalid entity:" + args.get(0) + " for keyword:create");
                return 1;
            }
            return new ReservationCommands(env).create(args.subList(1, args.size()));
        }
        if (Keywords.matches(keyword, "delete", 3)) {
            return delete(args);
        }
        if (Keywords.matches(keyword, "ping", 4)) {
            if (!args.isEmpty()) {
                err.println("too many arguments for keyword:ping");
                return 1;
            }
            return controller.ping();
        }
        if (Keywords.matches(keyword, "reconfigure", 5)) {
            return controller.reconfigure();
        }
        if (Keywords.matches(keyword, "requeuehold", 8)) {
            return controller.jobControl(JobControlRequest.Action.REQUEUE_HOLD, args);
        }
        if (Keywords.matches(keyword, "requeue", 3)) {
            return controller.jobControl(JobControlRequest.Action.REQUEUE, args);
        }
        if (Keywords.matches(keyword, "suspend", 3)) {
            return controller.jobControl(JobControlRequest.Action.SUSPEND, args);
        }
        if (Keywords.matches(keyword, "resume", 3)) {
            return controller.jobControl(JobControlRequest.Action.RESUME, args);
        }
        if (keyword.equalsIgnoreCase("hold")) {
            return controller.jobControl(JobControlRequest.Action.HOLD, args);
        }
        if (Keywords.matches(keyword, "uhold", 2)) {
            return controller.jobControl(JobControlRequest.Action.USER_HOLD, args);
        }
        if (Keywords.matches(keyword, "release", 3)) {
            return controller.jobControl(JobControlRequest.Action.RELEASE, args);
        }
        for (String command : LATER_COMMANDS) {
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
        if (Keywords.matches(entity, "jobs", 3)) {
            return controller.showJob(id);
        }
        if (Keywords.matches(entity, "nodes", 1)) {
            return controller.showNode(id);
        }
        if (Keywords.matches(entity, "partitions", 1)) {
            return controller.showPartition(id);
        }
        if (Keywords.matches(entity, "config", 1)) {
            return controller.showConfig();
        }
        if (Keywords.matches(entity, "reservations", 3)) {
            return new ReservationCommands(env).show(id, oneLinePerRecord);
        }
        for (String controllerEntity : List.of("aliases", "assoc_mgr", "daemons", "federation",
                "licenses", "slurmd", "step", "topology")) {
            if (Keywords.matches(entity, controllerEntity, Math.min(controllerEntity.length(), 3))) {
                return notYet("'show " + controllerEntity + "'");
            }
        }
        err.println("invalid entity:" + entity + " for keyword:show ");
        return 1;
    }

    /** ReservationName=X (or Reservation=X), the word that makes update and delete about a reservation. */
    private static boolean isReservationKey(String word) {
        int equals = word.indexOf('=');
        String key = (equals < 0 ? word : word.substring(0, equals)).toLowerCase(java.util.Locale.ROOT);
        return equals > 0 && (key.equals("reservationname") || key.equals("reservation"));
    }

    /** delete ReservationName=X, or delete reservation X. */
    private int delete(List<String> args) {
        if (args.isEmpty()) {
            err.println("too few arguments for delete keyword");
            return 1;
        }
        if (isReservationKey(args.get(0)) && args.size() == 1) {
            return new ReservationCommands(env).delete(args);
        }
        if (args.size() == 2 && Keywords.matches(args.get(0), "reservation", 3)) {
            return new ReservationCommands(env).delete(List.of("ReservationName=" + args.get(1)));
        }
        err.println("scontrol: error: Proper format is 'delete <ENTITY>=<ID>' or 'delete <ENTITY> <ID>'");
        return 1;
    }

    private int notYet(String what) {
        err.println("scontrol: " + what + " is not implemented yet in jslurm " + Version.current());
        return 1;
    }
}
