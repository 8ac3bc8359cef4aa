package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A job holding resources now.
 *
 * @param expectedEnd start + time limit; empty for a job without a time limit (it never frees its nodes as far as
 *                    backfill can tell)
 */
public record RunningJob(long jobId, String partition, Allocation allocation, Optional<Instant> expectedEnd) {

    public RunningJob {
        requireNonNull(partition, "partition is null");
        requireNonNull(allocation, "allocation is null");
        requireNonNull(expectedEnd, "expectedEnd is null");
    }
}
