package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import java.time.Instant;
import java.util.Optional;

/**
 * A proposed start, for the controller to verify and commit.
 *
 * @param expectedEnd now + the time limit; empty without a limit
 * @param backfilled  whether the backfill pass started it ahead of higher-priority jobs
 */
public record JobStart(long jobId, String partition, Allocation allocation, Optional<Instant> expectedEnd,
        boolean backfilled) {

    public JobStart {
        requireNonNull(partition, "partition is null");
        requireNonNull(allocation, "allocation is null");
        requireNonNull(expectedEnd, "expectedEnd is null");
    }
}
