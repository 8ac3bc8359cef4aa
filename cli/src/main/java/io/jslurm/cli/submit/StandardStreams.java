package io.jslurm.cli.submit;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the batch script's standard streams go, as file name patterns ({@code %j}, {@code %A_%a}, ...) that the
 * node expands.
 *
 * @param input  standard input; {@code /dev/null} by default
 * @param output standard output; {@code slurm-%j.out}, or {@code slurm-%A_%a.out} for arrays, by default
 * @param error  standard error; empty to share {@code output}
 */
public record StandardStreams(String input, String output, Optional<String> error) {

    public static final String NO_INPUT = "/dev/null";

    public StandardStreams {
        Objects.requireNonNull(input, "input is null");
        Objects.requireNonNull(output, "output is null");
        Objects.requireNonNull(error, "error is null");
    }

    public static String defaultOutput(boolean array) {
        return array ? "slurm-%A_%a.out" : "slurm-%j.out";
    }
}
