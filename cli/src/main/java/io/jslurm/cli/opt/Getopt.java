package io.jslurm.cli.opt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Command-line parsing with GNU getopt_long's rules, which Slurm's commands use and scripts rely on:
 * {@code --name=value} and {@code --name value}; unambiguous abbreviations ({@code --part=gpu}); exact
 * names win over longer ones; {@code -n4}, {@code -n 4} and clustered flags ({@code -vv}); {@code --}
 * ends options; and error texts as getopt prints them.
 *
 * <p>A hand-written parser rather than a general CLI library because every command pays for start-up on
 * every call, and because sbatch reads the same options from {@code #SBATCH} lines.
 */
public final class Getopt {

    private final Map<String, Option> byLongName = new LinkedHashMap<>();
    private final Map<Character, Option> byShortName = new LinkedHashMap<>();
    private final boolean stopAtFirstOperand;

    /**
     * @param stopAtFirstOperand true for commands whose first operand starts their own argument list
     *                           (sbatch's script and its arguments); false to allow options after operands
     */
    public Getopt(List<Option> options, boolean stopAtFirstOperand) {
        for (Option option : options) {
            if (byLongName.put(option.longName(), option) != null) {
                throw new IllegalArgumentException("option --" + option.longName() + " declared twice");
            }
            if (option.shortName() != 0 && byShortName.put(option.shortName(), option) != null) {
                throw new IllegalArgumentException("option -" + option.shortName() + " declared twice");
            }
        }
        this.stopAtFirstOperand = stopAtFirstOperand;
    }

    public ParsedOptions parse(List<String> args) {
        List<ParsedOptions.Given> given = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String arg = args.get(i++);
            if (arg.equals("--")) {
                operands.addAll(args.subList(i, args.size()));
                break;
            }
            if (arg.startsWith("--")) {
                i = longOption(arg, args, i, given);
            } else if (arg.startsWith("-") && arg.length() > 1) {
                i = shortOptions(arg, args, i, given);
            } else if (stopAtFirstOperand) {
                operands.addAll(args.subList(i - 1, args.size()));
                break;
            } else {
                operands.add(arg);
            }
        }
        return new ParsedOptions(given, operands);
    }

    private int longOption(String arg, List<String> args, int next, List<ParsedOptions.Given> given) {
        int equals = arg.indexOf('=');
        String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
        Option option = findLong(name, arg);
        String value = equals < 0 ? null : arg.substring(equals + 1);
        switch (option.argument()) {
            case NONE -> {
                if (value != null) {
                    throw new OptionException("option '--" + option.longName() + "' doesn't allow an argument");
                }
            }
            case REQUIRED -> {
                if (value == null) {
                    if (next >= args.size()) {
                        throw new OptionException("option '--" + option.longName() + "' requires an argument");
                    }
                    value = args.get(next++);
                }
            }
            case OPTIONAL -> {
                // Only an attached value counts, as getopt_long does.
            }
        }
        given.add(new ParsedOptions.Given(option, value));
        return next;
    }

    private Option findLong(String name, String arg) {
        Option exact = byLongName.get(name);
        if (exact != null) {
            return exact;
        }
        List<Option> candidates = new ArrayList<>();
        for (Option option : byLongName.values()) {
            if (!name.isEmpty() && option.longName().startsWith(name)) {
                candidates.add(option);
            }
        }
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        if (candidates.isEmpty()) {
            throw new OptionException("unrecognized option '" + arg + "'");
        }
        StringBuilder message = new StringBuilder("option '" + arg + "' is ambiguous; possibilities:");
        candidates.stream().map(Option::longName).sorted().forEach(n -> message.append(" '--").append(n).append('\''));
        throw new OptionException(message.toString());
    }

    private int shortOptions(String arg, List<String> args, int next, List<ParsedOptions.Given> given) {
        for (int k = 1; k < arg.length(); k++) {
            char letter = arg.charAt(k);
            Option option = byShortName.get(letter);
            if (option == null) {
                throw new OptionException("invalid option -- '" + letter + "'");
            }
            if (option.argument() == Option.Argument.NONE) {
                given.add(new ParsedOptions.Given(option, null));
                continue;
            }
            String value;
            if (k + 1 < arg.length()) {
                value = arg.substring(k + 1);
            } else if (option.argument() == Option.Argument.OPTIONAL) {
                value = null;
            } else if (next < args.size()) {
                value = args.get(next++);
            } else {
                throw new OptionException("option requires an argument -- '" + letter + "'");
            }
            given.add(new ParsedOptions.Given(option, value));
            return next;
        }
        return next;
    }
}
