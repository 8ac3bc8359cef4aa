package io.jslurm.slurmctld.job;

import java.util.Objects;

/**
 * The memory a job asks for: {@code --mem} (per node), {@code --mem-per-cpu} or {@code --mem-per-gpu}, in MiB.
 * Slurm accepts only one of them per job, so one value with its scope is enough.
 */
public record MemoryRequest(Per per, long mebibytes) {

    public enum Per { NONE, NODE, CPU, GPU }

    public static final MemoryRequest NONE = new MemoryRequest(Per.NONE, 0);

    public MemoryRequest {
        Objects.requireNonNull(per, "per");
        if (mebibytes < 0) {
            throw new IllegalArgumentException("memory is negative: " + mebibytes);
        }
        if (per == Per.NONE && mebibytes != 0) {
            throw new IllegalArgumentException("memory without a scope: " + mebibytes);
        }
    }

    public static MemoryRequest perNode(long mebibytes) {
        return new MemoryRequest(Per.NODE, mebibytes);
    }

    public static MemoryRequest perCpu(long mebibytes) {
        return new MemoryRequest(Per.CPU, mebibytes);
    }

    public static MemoryRequest perGpu(long mebibytes) {
        return new MemoryRequest(Per.GPU, mebibytes);
    }
}
