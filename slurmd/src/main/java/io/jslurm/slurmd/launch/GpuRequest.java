package io.jslurm.slurmd.launch;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The GPU options a job was submitted with, each present only when given, because Slurm exports
 * the matching variable only then: {@code -G/--gpus} (SLURM_GPUS), {@code --gpus-per-node}
 * (SLURM_GPUS_PER_NODE), both as written, type included ({@code a100:8}); {@code --gpus-per-task}
 * (SLURM_GPUS_PER_TASK), {@code --cpus-per-gpu} (SLURM_CPUS_PER_GPU) and {@code --mem-per-gpu}
 * in MiB (SLURM_MEM_PER_GPU). A plain {@code --gres=gpu:N} sets none of them.
 */
public record GpuRequest(Optional<String> gpus, Optional<String> gpusPerNode, OptionalInt gpusPerTask,
                         OptionalInt cpusPerGpu, OptionalLong memPerGpuMib) {
    public static final GpuRequest NONE = new GpuRequest(Optional.empty(), Optional.empty(), OptionalInt.empty(),
            OptionalInt.empty(), OptionalLong.empty());

    public GpuRequest {
        Objects.requireNonNull(gpus, "gpus");
        Objects.requireNonNull(gpusPerNode, "gpusPerNode");
        Objects.requireNonNull(gpusPerTask, "gpusPerTask");
        Objects.requireNonNull(cpusPerGpu, "cpusPerGpu");
        Objects.requireNonNull(memPerGpuMib, "memPerGpuMib");
    }
}
