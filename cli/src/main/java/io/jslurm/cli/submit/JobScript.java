package io.jslurm.cli.submit;

import java.util.Objects;
import java.util.Optional;

/**
 * The batch script's text and where it came from.
 *
 * @param text the script as the node will run it
 * @param path the file as named on the command line; empty for {@code --wrap} and standard input
 */
public record JobScript(String text, Optional<String> path) {

    public JobScript {
        Objects.requireNonNull(text, "text is null");
        Objects.requireNonNull(path, "path is null");
    }
}
