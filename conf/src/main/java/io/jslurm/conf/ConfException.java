package io.jslurm.conf;

import java.util.List;
import java.util.stream.Collectors;

/** Configuration that cannot be used; carries every error found, not just the first. */
public final class ConfException extends RuntimeException {

    private final List<ConfProblem> errors;

    public ConfException(List<ConfProblem> errors) {
        super(describe(errors));
        this.errors = List.copyOf(errors);
    }

    public List<ConfProblem> errors() {
        return errors;
    }

    private static String describe(List<ConfProblem> errors) {
        String count = errors.size() == 1 ? "1 error" : errors.size() + " errors";
        return count + " in configuration:\n" + errors.stream()
                .map(problem -> "  " + problem)
                .collect(Collectors.joining("\n"));
    }
}
