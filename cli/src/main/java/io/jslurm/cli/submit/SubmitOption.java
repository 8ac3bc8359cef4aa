package io.jslurm.cli.submit;

import io.jslurm.cli.opt.Option;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of the submission option table: the option as getopt knows it, the input environment variables that
 * set it for each command, and what its value sets in the submission.
 *
 * @param environment for each command, its variables in the order read (a later one wins)
 */
public record SubmitOption(Option option, Map<Command, List<String>> environment, OptionTarget target) {

    public SubmitOption {
        Objects.requireNonNull(option, "option is null");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(target, "target is null");
    }

    public String longName() {
        return option.longName();
    }

    public List<String> environmentFor(Command command) {
        return environment.getOrDefault(command, List.of());
    }

    /** A variable's value as the option's argument: empty means the bare option where the value is optional. */
    public String argumentFromEnvironment(String value) {
        return switch (option.argument()) {
            case OPTIONAL -> value.isEmpty() ? null : value;
            case NONE, REQUIRED -> value;
        };
    }
}
