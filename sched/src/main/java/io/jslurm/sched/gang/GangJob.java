package io.jslurm.sched.gang;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import java.time.Instant;

/**
 * A job the gang scheduler time-slices: one that holds its allocation now, running or suspended by an earlier
 * slice (jobs suspended by preemption or by an operator are not gang jobs).
 *
 * @param partition    its partition: only jobs of the same partition take turns with each other
 * @param priorityTier its partition's PriorityTier: jobs of a higher tier always run before lower ones
 * @param running      whether it runs now (false: suspended by the gang scheduler)
 * @param since        when it last started, resumed or was suspended: the longest-waiting job goes first at a slice
 *                     boundary, and the longest-running one keeps its cores within a slice
 */
public record GangJob(long jobId, String partition, int priorityTier, Allocation allocation, boolean running, Instant since) {

    public GangJob {
        requireNonNull(partition, "partition is null");
        requireNonNull(allocation, "allocation is null");
        requireNonNull(since, "since is null");
    }
}
