package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.KeyValues;
import java.util.Objects;
import java.util.OptionalLong;

/** Default and maximum memory per CPU, GPU or node, in megabytes; empty where not set. */
public record MemoryLimits(OptionalLong defMemPerCpuMb, OptionalLong defMemPerGpuMb, OptionalLong defMemPerNodeMb,
                           OptionalLong maxMemPerCpuMb, OptionalLong maxMemPerNodeMb) {

    public MemoryLimits {
        Objects.requireNonNull(defMemPerCpuMb, "defMemPerCpuMb");
        Objects.requireNonNull(defMemPerGpuMb, "defMemPerGpuMb");
        Objects.requireNonNull(defMemPerNodeMb, "defMemPerNodeMb");
        Objects.requireNonNull(maxMemPerCpuMb, "maxMemPerCpuMb");
        Objects.requireNonNull(maxMemPerNodeMb, "maxMemPerNodeMb");
    }

    /** Reads the five keys, which slurm.conf and partition lines spell alike. */
    static MemoryLimits of(KeyValues values) {
        return new MemoryLimits(megabytes(values, "DefMemPerCPU"), megabytes(values, "DefMemPerGPU"),
                megabytes(values, "DefMemPerNode"), megabytes(values, "MaxMemPerCPU"), megabytes(values, "MaxMemPerNode"));
    }

    private static OptionalLong megabytes(KeyValues values, String key) {
        return values.isSet(key) ? OptionalLong.of(values.number(key, 0, Long.MAX_VALUE)) : OptionalLong.empty();
    }
}
