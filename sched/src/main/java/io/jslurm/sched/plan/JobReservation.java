package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import java.time.Instant;
import java.util.List;

/**
 * Where and when backfill expects a blocked job to start; lower-priority jobs may not delay it.
 *
 * @param allocation the resources held for it from the expected start until its time limit runs out
 */
public record JobReservation(long jobId, String partition, Instant expectedStart, Instant expectedEnd,
        Allocation allocation) {

    public JobReservation {
        requireNonNull(partition, "partition is null");
        requireNonNull(expectedStart, "expectedStart is null");
        requireNonNull(expectedEnd, "expectedEnd is null");
        requireNonNull(allocation, "allocation is null");
    }

    /** The nodes held, as scontrol shows them in SchedNodeList. */
    public List<String> nodes() {
        return allocation.nodeNames();
    }
}
