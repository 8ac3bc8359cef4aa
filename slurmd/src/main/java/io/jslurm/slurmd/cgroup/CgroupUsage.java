package io.jslurm.slurmd.cgroup;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a cgroup's processes have used, for accounting (sacct's TotalCPU, MaxRSS, ...) and for
 * telling an out-of-memory end from other failures.
 *
 * @param userCpu CPU time in user mode of every process that ran in the cgroup
 * @param systemCpu CPU time in kernel mode
 * @param memoryBytes memory charged now (page cache included, as the kernel charges it)
 * @param peakMemoryBytes the highest charge so far; empty where the kernel does not keep it
 *     (cgroup v2 before Linux 5.19)
 * @param oomKills processes the kernel's OOM killer killed inside the cgroup
 * @param memoryLimitHits times a charge hit the limit (v1 {@code memory.failcnt} plus
 *     {@code memory.memsw.failcnt}, v2 {@code memory.events} {@code max}); empty without a memory
 *     controller
 * @param readBytes bytes read from block devices; empty without an I/O controller
 * @param writeBytes bytes written to block devices; empty without an I/O controller
 */
public record CgroupUsage(Duration userCpu, Duration systemCpu, OptionalLong memoryBytes,
                          OptionalLong peakMemoryBytes, long oomKills, OptionalLong memoryLimitHits,
                          OptionalLong readBytes, OptionalLong writeBytes) {
    public CgroupUsage {
        Objects.requireNonNull(userCpu, "userCpu");
        Objects.requireNonNull(systemCpu, "systemCpu");
        Objects.requireNonNull(memoryBytes, "memoryBytes");
        Objects.requireNonNull(peakMemoryBytes, "peakMemoryBytes");
        Objects.requireNonNull(memoryLimitHits, "memoryLimitHits");
        Objects.requireNonNull(readBytes, "readBytes");
        Objects.requireNonNull(writeBytes, "writeBytes");
        if (oomKills < 0) {
            throw new IllegalArgumentException("oomKills must not be negative: " + oomKills);
        }
    }

    public Duration totalCpu() {
        return userCpu.plus(systemCpu);
    }

    public boolean oomKilled() {
        return oomKills > 0;
    }
}
