package io.jslurm.slurmd.hw;

/**
 * One logical CPU (hardware thread) as the kernel reports it.
 *
 * @param id        the kernel's CPU number (the {@code N} of {@code /sys/devices/system/cpu/cpuN})
 * @param packageId the physical package (socket) id; not necessarily dense
 * @param coreId    the core id within its package; not necessarily dense either
 * @param numaNode  the NUMA node holding this CPU, 0 where the machine reports none
 */
public record LogicalCpu(int id, int packageId, int coreId, int numaNode) {
    public LogicalCpu {
        if (id < 0) {
            throw new IllegalArgumentException("CPU id must not be negative: " + id);
        }
        if (packageId < 0 || coreId < 0 || numaNode < 0) {
            throw new IllegalArgumentException("CPU " + id + " has a negative package, core or NUMA id");
        }
    }
}
