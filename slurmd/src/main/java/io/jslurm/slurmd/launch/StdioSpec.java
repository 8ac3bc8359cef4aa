package io.jslurm.slurmd.launch;

import java.util.Objects;
import java.util.Optional;

/**
 * The batch script's {@code -i}, {@code -o} and {@code -e} file name patterns as given (before
 * {@code %} expansion) and {@code --open-mode}. An absent output pattern means Slurm's default
 * ({@code slurm-%j.out}, {@code slurm-%A_%a.out} for an array task); an absent error pattern sends
 * standard error to the output file; an absent input means {@code /dev/null}.
 */
public record StdioSpec(Optional<String> input, Optional<String> output, Optional<String> error, OpenMode openMode) {
    public StdioSpec {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(openMode, "openMode");
    }

    /** No patterns, truncating: what a job submitted without -i/-o/-e/--open-mode gets. */
    public static StdioSpec defaults() {
        return new StdioSpec(Optional.empty(), Optional.empty(), Optional.empty(), OpenMode.TRUNCATE);
    }
}
