package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import java.util.OptionalLong;

/**
 * The slurm.conf settings the fit function reads, in MiB.
 *
 * @param defMemPerCpu DefMemPerCPU; empty when unset
 * @param defMemPerGpu DefMemPerGPU; empty when unset
 * @param maxMemPerCpu MaxMemPerCPU; a job asking more per CPU gets more CPUs instead
 */
public record SelectParams(SelectType type, OptionalLong defMemPerCpu, OptionalLong defMemPerGpu,
        OptionalLong maxMemPerCpu) {

    public static final SelectParams DEFAULT = new SelectParams(SelectType.CR_CORE_MEMORY, OptionalLong.empty(),
            OptionalLong.empty(), OptionalLong.empty());

    public SelectParams {
        requireNonNull(type, "type is null");
        requireNonNull(defMemPerCpu, "defMemPerCpu is null");
        requireNonNull(defMemPerGpu, "defMemPerGpu is null");
        requireNonNull(maxMemPerCpu, "maxMemPerCpu is null");
        if (maxMemPerCpu.isPresent() && maxMemPerCpu.getAsLong() < 1) {
            throw new IllegalArgumentException("MaxMemPerCPU must be positive");
        }
    }

    public SelectParams withType(SelectType newType) {
        return new SelectParams(newType, defMemPerCpu, defMemPerGpu, maxMemPerCpu);
    }
}
