package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.common.cpu.IdSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a job's or step's cgroup confines. Empty fields leave the kernel's (or the parent cgroup's)
 * setting alone.
 *
 * @param cpus the logical CPUs (machine ids) the processes may run on
 * @param mems the NUMA memory nodes they may allocate from, in the same list format
 * @param ramBytes the RAM limit (v1 {@code memory.limit_in_bytes}, v2 {@code memory.max})
 * @param swapBytes swap allowed on top of the RAM limit (v1 {@code memory.memsw.limit_in_bytes} is
 *     RAM plus this; v2 {@code memory.swap.max} is this); {@code 0} forbids swapping
 * @param pidsMax how many processes and threads may exist at once
 * @param deniedDevices device nodes the processes must not open; all others stay allowed. Denials
 *     add to those the cgroup (or one above it) already has: a device once denied stays denied
 */
public record CgroupLimits(Optional<IdSet> cpus, Optional<IdSet> mems, OptionalLong ramBytes,
                           OptionalLong swapBytes, OptionalLong pidsMax, List<DeviceRule> deniedDevices) {
    public static final CgroupLimits NONE = new CgroupLimits(Optional.empty(), Optional.empty(),
            OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), List.of());
    private static final long MIB = 1024L * 1024L;

    public CgroupLimits {
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(mems, "mems");
        Objects.requireNonNull(ramBytes, "ramBytes");
        Objects.requireNonNull(swapBytes, "swapBytes");
        Objects.requireNonNull(pidsMax, "pidsMax");
        deniedDevices = List.copyOf(deniedDevices);
        cpus.ifPresent(set -> requireNotEmpty(set, "cpus"));
        mems.ifPresent(set -> requireNotEmpty(set, "mems"));
        requirePositive(ramBytes, "ramBytes");
        if (swapBytes.isPresent() && swapBytes.getAsLong() < 0) {
            throw new IllegalArgumentException("swapBytes must not be negative: " + swapBytes.getAsLong());
        }
        if (swapBytes.isPresent() && ramBytes.isEmpty()) {
            throw new IllegalArgumentException("a swap limit needs a RAM limit");
        }
        requirePositive(pidsMax, "pidsMax");
    }

    /**
     * A job's limits as cgroup.conf asks: its CPUs and memory nodes with ConstrainCores, memory per
     * {@link MemoryLimit#forJob} with ConstrainRAMSpace/ConstrainSwapSpace, and the denial of the
     * node's GRES devices it was not given ({@link DeviceRules#denyUnallocated}) with
     * ConstrainDevices.
     */
    public static CgroupLimits forJob(CgroupConfig config, IdSet cpus, IdSet mems, long requestedMemoryMb,
                                      long realMemoryMb, List<DeviceRule> unallocatedDevices) {
        CgroupLimits limits = NONE.withMemory(MemoryLimit.forJob(config, requestedMemoryMb, realMemoryMb));
        if (config.constrainCores()) {
            limits = limits.withCpus(cpus, mems);
        }
        if (config.constrainDevices()) {
            limits = limits.withDeniedDevices(unallocatedDevices);
        }
        return limits;
    }

    private static void requireNotEmpty(IdSet set, String name) {
        if (set.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
    }

    private static void requirePositive(OptionalLong value, String name) {
        if (value.isPresent() && value.getAsLong() <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value.getAsLong());
        }
    }

    /** The limits set, for logs: {@code cpus=0-3 mems=0 ram=4096M swap=0M pids=512 deny=[c 195:1 rwm]}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        cpus.ifPresent(set -> out.append(" cpus=").append(set));
        mems.ifPresent(set -> out.append(" mems=").append(set));
        ramBytes.ifPresent(bytes -> out.append(" ram=").append(bytes / MIB).append('M'));
        swapBytes.ifPresent(bytes -> out.append(" swap=").append(bytes / MIB).append('M'));
        pidsMax.ifPresent(max -> out.append(" pids=").append(max));
        if (!deniedDevices.isEmpty()) {
            out.append(" deny=").append(deniedDevices);
        }
        return out.length() == 0 ? "none" : out.substring(1);
    }

    public CgroupLimits withCpus(IdSet newCpus, IdSet newMems) {
        return new CgroupLimits(Optional.of(newCpus), Optional.of(newMems), ramBytes, swapBytes, pidsMax,
                deniedDevices);
    }

    public CgroupLimits withMemory(MemoryLimit memory) {
        return new CgroupLimits(cpus, mems, memory.ramBytes(), memory.swapBytes(), pidsMax, deniedDevices);
    }

    public CgroupLimits withPidsMax(long newPidsMax) {
        return new CgroupLimits(cpus, mems, ramBytes, swapBytes, OptionalLong.of(newPidsMax), deniedDevices);
    }

    public CgroupLimits withDeniedDevices(List<DeviceRule> rules) {
        return new CgroupLimits(cpus, mems, ramBytes, swapBytes, pidsMax, rules);
    }
}
