package io.jslurm.cli.submit;

import java.time.InstantSource;
import java.time.ZoneId;
import java.util.Map;
import java.util.Objects;

/**
 * The submitting process as the options see it: its environment, directory, identity, clock and system.
 *
 * @param workingDirectory absolute
 * @param zone             the submitter's time zone, in which {@code --begin=16:00} is read
 */
public record SubmitContext(Map<String, String> environment, String workingDirectory, Submitter submitter,
        InstantSource clock, ZoneId zone, SystemAccess system) {

    public SubmitContext {
        environment = Map.copyOf(environment);
        Objects.requireNonNull(workingDirectory, "workingDirectory is null");
        Objects.requireNonNull(submitter, "submitter is null");
        Objects.requireNonNull(clock, "clock is null");
        Objects.requireNonNull(zone, "zone is null");
        Objects.requireNonNull(system, "system is null");
    }
}
