package io.jslurm.slurmd.hw;

import java.nio.file.Path;
import java.util.Objects;

/** Detects a node's hardware from a root tree ({@code /} on a real node) and its TmpFS. */
public final class NodeHardwareProbe {
    private final HostFiles files;
    private final long pageSizeBytes;
    private final Path tmpFs;

    public NodeHardwareProbe(HostFiles files, long pageSizeBytes, Path tmpFs) {
        this.files = Objects.requireNonNull(files, "files");
        this.pageSizeBytes = pageSizeBytes;
        this.tmpFs = Objects.requireNonNull(tmpFs, "tmpFs");
    }

    /** This machine: the real {@code /proc} and {@code /sys}, its page size, TmpFS {@code /tmp}. */
    public static NodeHardwareProbe thisMachine() {
        return new NodeHardwareProbe(HostFiles.real(), PageSize.ofThisMachine(), TmpDiskProbe.DEFAULT_TMP_FS);
    }

    public NodeHardware probe() {
        return new NodeHardware(shortHostName(), new CpuTopologyReader(files).read(),
                new RealMemoryReader(files, pageSizeBytes).realMemoryMiB(), TmpDiskProbe.totalMiB(tmpFs),
                new UptimeReader(files).read());
    }

    /** The kernel's host name up to its first dot, as slurmd names the node. */
    public String shortHostName() {
        String name = files.read("proc/sys/kernel/hostname");
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
