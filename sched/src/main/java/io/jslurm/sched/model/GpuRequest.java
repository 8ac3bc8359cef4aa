package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

/** How a job asks for GPUs: --gpus (whole job), --gpus-per-node, --gpus-per-task, or none. */
public sealed interface GpuRequest {

    GpuRequest NONE = new None();

    /** The device type asked for, "" for any. */
    String type();

    record None() implements GpuRequest {
        @Override
        public String type() {
            return "";
        }
    }

    record Total(int count, String type) implements GpuRequest {
        public Total {
            requireNonNull(type, "type is null");
            checkPositive(count);
        }
    }

    record PerNode(int count, String type) implements GpuRequest {
        public PerNode {
            requireNonNull(type, "type is null");
            checkPositive(count);
        }
    }

    record PerTask(int count, String type) implements GpuRequest {
        public PerTask {
            requireNonNull(type, "type is null");
            checkPositive(count);
        }
    }

    private static void checkPositive(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("GPU count must be at least 1: " + count);
        }
    }
}
