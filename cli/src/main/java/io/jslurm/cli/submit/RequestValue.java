package io.jslurm.cli.submit;

import java.util.Objects;

/**
 * One value given for a row of the submission option table, and where it came from, kept as given so that the
 * command can apply it with {@link SubmissionBuilder} once it knows where it runs.
 *
 * @param value null for a flag, or an optional value not given
 */
public record RequestValue(SubmitOption option, String value, OptionSource source) {

    public RequestValue {
        Objects.requireNonNull(option, "option is null");
        Objects.requireNonNull(source, "source is null");
    }

    /** How a refusal names it: the variable it came from, else the option. */
    public String describe() {
        return source instanceof OptionSource.Environment variable ? variable.variable() : "--" + option.longName();
    }
}
