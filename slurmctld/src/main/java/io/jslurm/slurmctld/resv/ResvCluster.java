package io.jslurm.slurmctld.resv;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** What the reservation table needs to know of the cluster, as it is now. */
public interface ResvCluster {

    /** Every node, in slurm.conf order. */
    List<String> nodes();

    /** A partition's nodes; empty when there is no such partition. */
    Optional<List<String>> partitionNodes(String partition);

    /** Whether a job on one of these nodes may still run at {@code at} (its time limit ends later, or it has none). */
    boolean busyAt(Collection<String> nodes, Instant at);

    /** Cores a node has (for CoreCnt and TRES). */
    int cores(String node);
}
