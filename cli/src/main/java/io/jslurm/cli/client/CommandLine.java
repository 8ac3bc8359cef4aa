package io.jslurm.cli.client;

import io.jslurm.cli.opt.Getopt;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.OptionException;
import io.jslurm.cli.opt.ParsedOptions;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * Option parsing as Slurm's query commands report mistakes: getopt's message after the program name, a
 * hint to {@code --help}, exit status 1.
 */
public final class CommandLine {

    private CommandLine() {
    }

    /** The parsed options, or empty after printing getopt's complaint to {@code err}. */
    public static Optional<ParsedOptions> parse(String program, List<Option> options, List<String> args,
            PrintStream err) {
        try {
            return Optional.of(new Getopt(options, false).parse(args));
        } catch (OptionException refused) {
            err.println(program + ": " + refused.getMessage());
            err.println("Try \"" + program + " --help\" for more information");
            return Optional.empty();
        }
    }

    private static final java.time.format.DateTimeFormatter DATE_LINE =
            java.time.format.DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss yyyy", java.util.Locale.ROOT);

    /** The first line of squeue's and sinfo's long listings: the time they describe. */
    public static String dateLine(java.time.Instant now, java.time.ZoneId zone) {
        return DATE_LINE.format(now.atZone(zone));
    }

    /** The command as typed, program name first, as JSON's meta records it. */
    public static List<String> typed(String program, List<String> args) {
        List<String> command = new java.util.ArrayList<>(args.size() + 1);
        command.add(program);
        command.addAll(args);
        return command;
    }

    /** Splits a comma-separated option value, dropping empty items. */
    public static List<String> list(String value) {
        return java.util.Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
