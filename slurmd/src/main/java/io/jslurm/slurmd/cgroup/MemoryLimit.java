package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A job's memory limits as cgroup.conf derives them from its request; a step's limits come from the step's
 * memory on the node the same way.
 *
 * @param ramBytes the RAM limit, empty when RAM is not constrained
 * @param swapBytes swap on top of {@code ramBytes}, empty when swap is not constrained
 */
public record MemoryLimit(OptionalLong ramBytes, OptionalLong swapBytes) {
    private static final long MIB = 1024L * 1024L;

    public static final MemoryLimit UNLIMITED = new MemoryLimit(OptionalLong.empty(), OptionalLong.empty());

    public MemoryLimit {
        Objects.requireNonNull(ramBytes, "ramBytes");
        Objects.requireNonNull(swapBytes, "swapBytes");
    }

    /**
     * The limits for a job that asked for {@code requestedMb} (0: no memory request, so the whole
     * node up to MaxRAMPercent) on a node with {@code realMemoryMb}.
     *
     * <p>RAM: AllowedRAMSpace percent of the request, at most MaxRAMPercent of the node and at least
     * MinRAMSpace. RAM plus swap: the RAM limit plus AllowedSwapSpace percent of the request, at
     * most MaxRAMPercent plus MaxSwapPercent of the node. With ConstrainSwapSpace alone, the
     * combined limit bounds RAM too.
     */
    public static MemoryLimit forJob(CgroupConfig config, long requestedMb, long realMemoryMb) {
        if (requestedMb < 0 || realMemoryMb <= 0) {
            throw new IllegalArgumentException("memory must be positive: requested " + requestedMb
                    + " MB of " + realMemoryMb + " MB");
        }
        if (!config.constrainRamSpace() && !config.constrainSwapSpace()) {
            return UNLIMITED;
        }
        long total = realMemoryMb * MIB;
        long maxRam = percentOf(total, config.maxRamPercent());
        long maxRamAndSwap = maxRam + percentOf(total, config.maxSwapPercent());
        long ram = requestedMb == 0 ? maxRam : percentOf(requestedMb * MIB, config.allowedRamSpacePercent());
        ram = Math.max(Math.min(ram, maxRam), config.minRamSpaceMb() * MIB);
        long swapBase = requestedMb == 0 ? total : requestedMb * MIB;
        long ramAndSwap = Math.min(ram + percentOf(swapBase, config.allowedSwapSpacePercent()), maxRamAndSwap);
        ramAndSwap = Math.max(ramAndSwap, ram);
        if (!config.constrainSwapSpace()) {
            return new MemoryLimit(OptionalLong.of(ram), OptionalLong.empty());
        }
        if (!config.constrainRamSpace()) {
            return new MemoryLimit(OptionalLong.of(ramAndSwap), OptionalLong.of(0));
        }
        return new MemoryLimit(OptionalLong.of(ram), OptionalLong.of(ramAndSwap - ram));
    }

    private static long percentOf(long bytes, double percent) {
        return (long) (bytes * (percent / 100.0));
    }
}
