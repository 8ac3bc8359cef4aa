package io.jslurm.cli.submit;

import io.jslurm.cli.opt.Option;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of the submission option table: the option as getopt knows it, the input environment variables that
 * set it for each command, and what its value does to the submission.
 *
 * @param environment for each command, its variables in the order read (a later one wins)
 */
public record SubmitOption(Option option, Map<Command, List<String>> environment, Setter setter) {

    /** Applies a value (null for a flag, or an optional value not given) to the submission being built. */
    @FunctionalInterface
    public interface Setter {
        void set(SubmissionBuilder builder, String value);
    }

    public SubmitOption {
        Objects.requireNonNull(option, "option is null");
        Map<Command, List<String>> copy = new EnumMap<>(Command.class);
        environment.forEach((command, names) -> copy.put(command, List.copyOf(names)));
        environment = Map.copyOf(copy);
        Objects.requireNonNull(setter, "setter is null");
    }

    public String longName() {
        return option.longName();
    }

    public List<String> environmentFor(Command command) {
        return environment.getOrDefault(command, List.of());
    }
}
