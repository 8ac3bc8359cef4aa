package io.jslurm.cli.client;

import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.Version;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A query command's options read into its settings, the way Slurm's commands treat them: getopt's complaint or a
 * refused value ({@code PROGRAM: error: ...}) ends the command with status 1; --help, --usage and --version print
 * and end it with status 0.
 *
 * @param settings what to do, or null when the command is already done
 * @param status   the exit status when it is done
 */
public record CommandSettings<S>(S settings, int status) {

    public boolean done() {
        return settings == null;
    }

    /**
     * @param reader reads the parsed options; empty after it printed help or the version; throws
     *               IllegalArgumentException with the message for a refused value
     */
    public static <S> CommandSettings<S> read(String program, List<Option> options, List<String> args,
                                              CommandEnvironment env, Function<ParsedOptions, Optional<S>> reader) {
        Optional<ParsedOptions> parsed = CommandLine.parse(program, options, args, env.err());
        if (parsed.isEmpty()) {
            return new CommandSettings<>(null, 1);
        }
        try {
            return new CommandSettings<>(reader.apply(parsed.get()).orElse(null), 0);
        } catch (IllegalArgumentException refused) {
            env.err().println(program + ": error: " + refused.getMessage());
            return new CommandSettings<>(null, 1);
        }
    }

    /** Prints the help text for help and usage, the version line for version; true when it was one of them. */
    public static boolean informational(String longName, CommandEnvironment env, String helpText) {
        switch (longName) {
            case "help", "usage" -> env.out().print(helpText);
            case "version" -> env.out().println(Version.line());
            default -> {
                return false;
            }
        }
        return true;
    }
}
