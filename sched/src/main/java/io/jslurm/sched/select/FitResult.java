package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;

/** The answer of the fit function: an allocation, or why there is none. */
public sealed interface FitResult {

    record Fit(Allocation allocation) implements FitResult {
        public Fit {
            requireNonNull(allocation, "allocation is null");
        }
    }

    /**
     * @param metric per-node rejections
     * @param detail a sentence for people, e.g. "needs 4 nodes; 12 nodes: not enough GPUs"
     */
    record NoFit(Failure failure, RejectionMetric metric, String detail) implements FitResult {
        public NoFit {
            requireNonNull(failure, "failure is null");
            requireNonNull(metric, "metric is null");
            requireNonNull(detail, "detail is null");
        }
    }

    enum Failure {
        /** Not enough free resources now; waiting helps. */
        RESOURCES,
        /** A node the job requires (-w) is down, drained or otherwise not usable. */
        REQUIRED_NODE_UNAVAILABLE,
        /** A -w node is not in the partition: no amount of waiting helps. */
        REQUIRED_NODE_NOT_IN_PARTITION
    }

    default boolean fits() {
        return this instanceof Fit;
    }
}
