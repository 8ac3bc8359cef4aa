package io.jslurm.conf;

import java.util.List;
import java.util.Objects;

/** A configuration read without errors, and the warnings found reading it. */
public record Loaded<T>(T config, List<ConfProblem> warnings) {

    public Loaded {
        Objects.requireNonNull(config, "config");
        warnings = List.copyOf(warnings);
    }
}
