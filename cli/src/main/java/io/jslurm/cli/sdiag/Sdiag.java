package io.jslurm.cli.sdiag;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.Version;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/** {@code sdiag}: the controller's statistics (threads, queues, job counts, scheduler cycles, RPCs), or a reset. */
public final class Sdiag {

    static final String PROGRAM = "sdiag";

    private static final List<Option> OPTIONS = List.of(
            Option.flag("all", 'a'), Option.flag("help", 'h'), Option.flag("sort-by-id", 'i'),
            Option.value("cluster", 'M'), Option.value("clusters"), Option.flag("reset", 'r'),
            Option.flag("sort-by-time", 't'), Option.flag("sort-by-time2", 'T'), Option.flag("usage"),
            Option.flag("version", 'V'), Option.flag("json"));

    private final CommandEnvironment env;
    private final LongFunction<String> userNames;

    public Sdiag(CommandEnvironment env, LongFunction<String> userNames) {
        this.env = env;
        this.userNames = userNames;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exit(env, new Sdiag(env, new UserNames(Path.of("/etc/passwd"))).run(Arrays.asList(args)));
    }

    /** What the command line asks for. */
    record Settings(boolean reset, boolean json, RpcOrder order) {
    }

    public int run(List<String> args) {
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, env.err());
        if (parsed.isEmpty()) {
            return 1;
        }
        if (!parsed.get().operands().isEmpty()) {
            env.err().println(PROGRAM + ": error: unrecognized argument: " + parsed.get().operands().get(0));
            env.err().println("Try \"sdiag --help\" for more information");
            return 1;
        }
        Optional<Settings> settings = settings(parsed.get());
        if (settings.isEmpty()) {
            return 0;
        }
        return settings.get().reset() ? reset() : show(settings.get(), args);
    }

    private Optional<Settings> settings(ParsedOptions parsed) {
        boolean reset = false;
        boolean json = false;
        RpcOrder order = RpcOrder.COUNT;
        for (ParsedOptions.Given given : parsed.options()) {
            switch (given.option().longName()) {
                case "help" -> {
                    env.out().print(SdiagHelp.TEXT);
                    return Optional.empty();
                }
                case "usage" -> {
                    env.out().print(SdiagHelp.USAGE);
                    return Optional.empty();
                }
                case "version" -> {
                    env.out().println(Version.line());
                    return Optional.empty();
                }
                case "reset" -> reset = true;
                case "all" -> reset = false;
                case "json" -> json = true;
                case "sort-by-id" -> order = RpcOrder.ID;
                case "sort-by-time" -> order = RpcOrder.TOTAL_TIME;
                case "sort-by-time2" -> order = RpcOrder.AVERAGE_TIME;
                default -> {
                    // -M: this build talks to the one cluster slurm.conf names
                }
            }
        }
        return Optional.of(new Settings(reset, json, order));
    }

    private int reset() {
        try (Controller controller = env.controllers().open()) {
            controller.call(StatsInfoRequest.newBuilder().setReset(true).build(), StatsInfoResponse.class);
        } catch (ControllerException failed) {
            env.err().println("slurm_reset_statistics: " + failed.getMessage());
            return 1;
        }
        env.out().println("Reset scheduling statistics");
        return 0;
    }

    private int show(Settings settings, List<String> args) {
        StatsInfoResponse stats;
        try (Controller controller = env.controllers().open()) {
            stats = controller.call(StatsInfoRequest.getDefaultInstance(), StatsInfoResponse.class);
        } catch (ControllerException failed) {
            env.err().println("slurm_get_statistics: " + failed.getMessage());
            return 1;
        }
        if (settings.json()) {
            SdiagJson.write(env.out(), CommandLine.typed(PROGRAM, args), env.identity(), stats, settings.order(),
                    userNames);
        } else {
            env.out().print(new SdiagReport(env.zone(), settings.order(), userNames).render(stats));
        }
        return 0;
    }
}
