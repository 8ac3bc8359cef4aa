package io.jslurm.conf.slurm;

import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.parse.KeyValues;
import java.util.Objects;
import java.util.Optional;

/** Default and maximum memory per CPU, GPU or node; empty where not set. */
public record MemoryLimits(Optional<MemorySize> defMemPerCpu, Optional<MemorySize> defMemPerGpu,
                           Optional<MemorySize> defMemPerNode, Optional<MemorySize> maxMemPerCpu,
                           Optional<MemorySize> maxMemPerNode) {

    public MemoryLimits {
        Objects.requireNonNull(defMemPerCpu, "defMemPerCpu");
        Objects.requireNonNull(defMemPerGpu, "defMemPerGpu");
        Objects.requireNonNull(defMemPerNode, "defMemPerNode");
        Objects.requireNonNull(maxMemPerCpu, "maxMemPerCpu");
        Objects.requireNonNull(maxMemPerNode, "maxMemPerNode");
    }

    /** Reads the five keys, which slurm.conf and partition lines spell alike. */
    static MemoryLimits of(KeyValues values) {
        return new MemoryLimits(values.optionalMegabytes("DefMemPerCPU"), values.optionalMegabytes("DefMemPerGPU"),
                values.optionalMegabytes("DefMemPerNode"), values.optionalMegabytes("MaxMemPerCPU"),
                values.optionalMegabytes("MaxMemPerNode"));
    }
}
