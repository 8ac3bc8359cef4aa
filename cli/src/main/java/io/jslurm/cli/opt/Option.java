package io.jslurm.cli.opt;

import java.util.Objects;

/**
 * One command-line option as GNU getopt_long knows it.
 *
 * @param longName  without the leading dashes, e.g. {@code partition}
 * @param shortName the one-letter form, or 0 when there is none
 * @param argument  whether it takes a value
 */
public record Option(String longName, char shortName, Argument argument) {

    /** Whether an option takes a value. An optional value must be attached: {@code --opt=value}. */
    public enum Argument { NONE, REQUIRED, OPTIONAL }

    public Option {
        Objects.requireNonNull(longName, "longName is null");
        Objects.requireNonNull(argument, "argument is null");
    }

    public static Option flag(String longName, char shortName) {
        return new Option(longName, shortName, Argument.NONE);
    }

    public static Option flag(String longName) {
        return flag(longName, (char) 0);
    }

    public static Option value(String longName, char shortName) {
        return new Option(longName, shortName, Argument.REQUIRED);
    }

    public static Option value(String longName) {
        return value(longName, (char) 0);
    }

    public static Option optionalValue(String longName) {
        return new Option(longName, (char) 0, Argument.OPTIONAL);
    }
}
