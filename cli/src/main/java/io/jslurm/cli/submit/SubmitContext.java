package io.jslurm.cli.submit;

import java.time.InstantSource;
import java.util.Map;
import java.util.Objects;

/**
 * The submitting process as the options see it: its environment, directory, identity, clock and system.
 *
 * @param workingDirectory absolute
 */
public record SubmitContext(Map<String, String> environment, String workingDirectory, Submitter submitter,
        InstantSource clock, SystemAccess system) {

    public SubmitContext {
        environment = Map.copyOf(environment);
        Objects.requireNonNull(workingDirectory, "workingDirectory is null");
        Objects.requireNonNull(submitter, "submitter is null");
        Objects.requireNonNull(clock, "clock is null");
        Objects.requireNonNull(system, "system is null");
    }
}
