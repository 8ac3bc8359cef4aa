package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/** Where and when backfill expects a blocked job to start; lower-priority jobs may not delay it. */
public record JobReservation(long jobId, String partition, Instant expectedStart, List<String> nodes) {

    public JobReservation {
        requireNonNull(partition, "partition is null");
        requireNonNull(expectedStart, "expectedStart is null");
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
    }
}
