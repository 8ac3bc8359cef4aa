package io.jslurm.cli.sprio;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.CommandSettings;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.format.FormatException;
import io.jslurm.cli.format.OutputFormat;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.protocol.proto.JobPriorityFactors;
import io.jslurm.protocol.proto.PriorityFactorsRequest;
import io.jslurm.protocol.proto.PriorityFactorsResponse;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code sprio}: the factors that make up each pending job's priority, or the weights they are given. */
public final class Sprio {

    static final String PROGRAM = "sprio";

    private static final List<Option> OPTIONS = List.of(
            Option.flag("noheader", 'h'), Option.value("jobs", 'j'), Option.flag("long", 'l'),
            Option.flag("norm", 'n'), Option.value("format", 'o'), Option.value("partition", 'p'),
            Option.value("user", 'u'), Option.flag("weights", 'w'), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("help"), Option.flag("usage"), Option.value("clusters", 'M'),
            Option.value("sort", 'S'), Option.flag("local"), Option.flag("federation"), Option.flag("sibling"));

    private final CommandEnvironment env;

    public Sprio(CommandEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exit(env, new Sprio(env).run(Arrays.asList(args)));
    }

    record Settings(boolean header, boolean longListing, boolean normalized, boolean weights,
                    Optional<String> format, PriorityFactorsRequest request) {
    }

    public int run(List<String> args) {
        return execute(args, null);
    }

    /** The command as if the controller had answered this. */
    public int show(List<String> args, PriorityFactorsResponse answer) {
        return execute(args, answer);
    }

    private int execute(List<String> args, PriorityFactorsResponse answered) {
        PrintStream err = env.err();
        CommandSettings<Settings> read = CommandSettings.read(PROGRAM, OPTIONS, args, env, this::settings);
        if (read.done()) {
            return read.status();
        }
        Settings settings = read.settings();
        PriorityFactorsResponse answer = answered;
        if (answer == null) {
            try (Controller controller = env.controllers().open()) {
                answer = controller.call(settings.request(), PriorityFactorsResponse.class);
            } catch (ControllerException failed) {
                err.println("slurm_load_job_prio: " + failed.getMessage());
                return 1;
            }
        }
        PriorityFactorsResponse response = answer;
        if (!response.getMultifactor()) {
            err.println("You are not running a supported priority plugin");
            err.println("(priority/basic).");
            err.println("Only 'priority/multifactor' is supported.");
            return 1;
        }
        OutputFormat<PriorityRow> format;
        try {
            format = OutputFormat.parsePercent(settings.format().orElseGet(() -> SprioLayout.defaultFormat(
                    response.getWeights(), settings.normalized() && !settings.weights(), settings.longListing(),
                    !settings.request().getUsersList().isEmpty() || !settings.request().getUidsList().isEmpty())),
                    SprioFields.ALL);
        } catch (FormatException bad) {
            err.println(PROGRAM + ": error: " + bad.getMessage());
            return 1;
        }
        List<PriorityRow> rows = new ArrayList<>();
        if (settings.weights()) {
            rows.add(new PriorityRow(null, answer.getWeights()));
        } else {
            for (JobPriorityFactors job : answer.getJobsList()) {
                rows.add(new PriorityRow(job, answer.getWeights()));
            }
        }
        StringBuilder out = new StringBuilder();
        if (settings.header()) {
            out.append(format.header()).append('\n');
        }
        for (PriorityRow row : rows) {
            format.appendLine(out, row).append('\n');
        }
        env.out().print(out);
        return 0;
    }

    private Optional<Settings> settings(ParsedOptions parsed) {
        boolean header = true;
        boolean longListing = false;
        boolean normalized = false;
        boolean weights = false;
        Optional<String> format = Optional.ofNullable(env.environment().get("SPRIO_FORMAT"));
        PriorityFactorsRequest.Builder request = PriorityFactorsRequest.newBuilder();
        for (ParsedOptions.Given given : parsed.options()) {
            String value = given.value();
            if (CommandSettings.informational(given.option().longName(), env, SprioHelp.TEXT)) {
                return Optional.empty();
            }
            switch (given.option().longName()) {
                case "noheader" -> header = false;
                case "long" -> longListing = true;
                case "norm" -> normalized = true;
                case "weights" -> weights = true;
                case "format" -> format = Optional.of(value);
                case "partition" -> request.addAllPartitions(CommandLine.list(value));
                case "jobs" -> {
                    for (String id : CommandLine.list(value)) {
                        request.addJobIds(jobId(id));
                    }
                }
                case "user" -> {
                    for (String user : CommandLine.list(value)) {
                        if (user.chars().allMatch(Character::isDigit)) {
                            request.addUids(Integer.parseUnsignedInt(user));
                        } else {
                            request.addUsers(user);
                        }
                    }
                }
                default -> {
                    // -v, -M, -S, --local, --federation, --sibling: one cluster, jobs listed by id.
                }
            }
        }
        if (!parsed.operands().isEmpty()) {
            throw new IllegalArgumentException("Unknown argument: " + parsed.operands().get(0));
        }
        return Optional.of(new Settings(header, longListing, normalized, weights, format, request.build()));
    }

    private static int jobId(String text) {
        try {
            return Integer.parseUnsignedInt(text.strip());
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("Invalid job id: " + text);
        }
    }
}
