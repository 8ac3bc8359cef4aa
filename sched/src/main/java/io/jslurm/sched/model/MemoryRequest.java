package io.jslurm.sched.model;

/** How a job asks for memory: --mem, --mem-per-cpu, --mem-per-gpu, or not at all (the defaults apply). */
public sealed interface MemoryRequest {

    MemoryRequest DEFAULT = new Default();

    /** --mem; 0 asks for all the memory of each node. */
    record PerNode(long mib) implements MemoryRequest {
        public PerNode {
            checkNotNegative(mib);
        }
    }

    record PerCpu(long mib) implements MemoryRequest {
        public PerCpu {
            checkNotNegative(mib);
        }
    }

    record PerGpu(long mib) implements MemoryRequest {
        public PerGpu {
            checkNotNegative(mib);
        }
    }

    /** Nothing asked: DefMemPerCPU, else DefMemPerGPU for GPU jobs, else the whole node's memory. */
    record Default() implements MemoryRequest {
    }

    private static void checkNotNegative(long mib) {
        if (mib < 0) {
            throw new IllegalArgumentException("memory is negative: " + mib);
        }
    }
}
