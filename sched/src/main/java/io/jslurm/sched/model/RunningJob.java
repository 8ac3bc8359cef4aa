package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * A job holding resources now.
 *
 * @param expectedEnd start + time limit; empty for a job without a time limit (it never frees its nodes as far as
 *                    backfill can tell)
 * @param shared      whether it shares its cores (OverSubscribe): other sharing jobs may use them too
 */
public record RunningJob(long jobId, String partition, Allocation allocation, Optional<Instant> expectedEnd,
        boolean shared) {

    public RunningJob {
        requireNonNull(partition, "partition is null");
        requireNonNull(allocation, "allocation is null");
        requireNonNull(expectedEnd, "expectedEnd is null");
    }

    /** A job that holds its cores alone. */
    public RunningJob(long jobId, String partition, Allocation allocation, Optional<Instant> expectedEnd) {
        this(jobId, partition, allocation, expectedEnd, false);
    }
}
