package io.jslurm.slurmd.hw;

import java.util.Objects;

/**
 * What the node is, as slurmd detects it at start.
 *
 * @param nodeName      the short host name (up to the first dot), as slurmd -C prints it
 * @param topology      CPUs, cores, sockets and which CPU is where
 * @param realMemoryMiB RealMemory in MiB, rounded as Slurm rounds it
 * @param tmpDiskMiB    TmpDisk in MiB: size of the TmpFS file system
 * @param uptime        time since boot
 */
public record NodeHardware(String nodeName, CpuTopology topology, long realMemoryMiB, long tmpDiskMiB, Uptime uptime) {
    public NodeHardware {
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(uptime, "uptime");
        if (nodeName.isBlank()) {
            throw new IllegalArgumentException("node name must not be blank");
        }
        if (realMemoryMiB < 0 || tmpDiskMiB < 0) {
            throw new IllegalArgumentException("memory and disk sizes must not be negative");
        }
    }
}
