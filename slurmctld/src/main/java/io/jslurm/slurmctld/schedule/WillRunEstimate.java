package io.jslurm.slurmctld.schedule;

import static java.util.Objects.requireNonNull;

import io.jslurm.slurmctld.job.Allocation;
import java.time.Instant;

/**
 * When and where a job that is not queued would start (sbatch --test-only).
 *
 * @param jobId      the id the job would get if it were submitted now; none is consumed
 * @param allocation the nodes and processors it would hold
 */
public record WillRunEstimate(long jobId, Instant start, String partition, Allocation allocation) {

    public WillRunEstimate {
        requireNonNull(start, "start is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(allocation, "allocation is null");
    }
}
