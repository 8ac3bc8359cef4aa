package io.jslurm.sched;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import java.util.Optional;

/**
 * The question the controller asks when a job is submitted: could it ever run? A job that no partition it names
 * could hold, even with every node idle and up, is refused with Slurm's error instead of pending for ever.
 */
public final class SubmitCheck {

    private final ResourceFit fit;
    private final ClusterSnapshot snapshot;
    private FreeResources idle;

    public SubmitCheck(ResourceFit fit, ClusterSnapshot snapshot) {
        this.fit = requireNonNull(fit, "fit is null");
        this.snapshot = requireNonNull(snapshot, "snapshot is null");
    }

    /** Slurm's submit errors for a request that can never run, with the message sbatch prints. */
    public enum Rejection {
        INVALID_PARTITION_NAME("Invalid partition name specified"),
        REQUESTED_NODE_CONFIG_UNAVAILABLE("Requested node configuration is not available");

        private final String message;

        Rejection(String message) {
            this.message = message;
        }

        public String message() {
            return message;
        }
    }

    /** Whether no node of the partition could hold the request even with nothing running and every node up. */
    public boolean neverFits(ResourceRequest request, Partition partition) {
        if (request.minNodes() > partition.nodes().size()) {
            return true;
        }
        if (idle == null) {
            idle = FreeResources.empty(snapshot);
        }
        return !fit.fit(request, partition, idle).fits();
    }

    /** Empty when some partition of the job could hold it. */
    public Optional<Rejection> check(PendingJob job) {
        boolean anyPartition = false;
        for (String name : job.partitions()) {
            Optional<Partition> partition = snapshot.partition(name);
            if (partition.isEmpty()) {
                continue;
            }
            anyPartition = true;
            if (!neverFits(job.request(), partition.get())) {
                return Optional.empty();
            }
        }
        return Optional.of(anyPartition ? Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE
                : Rejection.INVALID_PARTITION_NAME);
    }
}
