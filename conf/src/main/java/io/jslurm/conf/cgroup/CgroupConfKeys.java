package io.jslurm.conf.cgroup;

import static io.jslurm.conf.parse.Daemon.SLURMD;
import static io.jslurm.conf.parse.KeySpec.known;
import static io.jslurm.conf.parse.KeySpec.used;
import static io.jslurm.conf.parse.ValueType.BOOLEAN;
import static io.jslurm.conf.parse.ValueType.CHOICE;
import static io.jslurm.conf.parse.ValueType.MEMORY;
import static io.jslurm.conf.parse.ValueType.NUMBER;
import static io.jslurm.conf.parse.ValueType.PATH;
import static io.jslurm.conf.parse.ValueType.PERCENT;

import io.jslurm.conf.parse.KeyTable;
import java.util.List;

/** Every key of cgroup.conf in Slurm 22.05, with Slurm's defaults. */
public final class CgroupConfKeys {

    private CgroupConfKeys() {
    }

    public static final KeyTable KEYS = new KeyTable(List.of(
            known("CgroupAutomount", BOOLEAN, "NO", SLURMD),
            used("CgroupMountpoint", PATH, "/sys/fs/cgroup", SLURMD),
            used("CgroupPlugin", CHOICE, "autodetect", SLURMD),
            used("IgnoreSystemd", BOOLEAN, "NO", SLURMD),
            used("IgnoreSystemdOnFailure", BOOLEAN, "NO", SLURMD),
            known("AllowedKmemSpace", MEMORY, "", SLURMD),
            used("AllowedRAMSpace", PERCENT, "100", SLURMD),
            used("AllowedSwapSpace", PERCENT, "0", SLURMD),
            used("ConstrainCores", BOOLEAN, "NO", SLURMD),
            used("ConstrainDevices", BOOLEAN, "NO", SLURMD),
            known("ConstrainKmemSpace", BOOLEAN, "NO", SLURMD),
            used("ConstrainRAMSpace", BOOLEAN, "NO", SLURMD),
            used("ConstrainSwapSpace", BOOLEAN, "NO", SLURMD),
            used("MaxRAMPercent", PERCENT, "100", SLURMD),
            used("MaxSwapPercent", PERCENT, "100", SLURMD),
            known("MaxKmemPercent", PERCENT, "100", SLURMD),
            used("MemorySwappiness", NUMBER, "", SLURMD),
            known("MinKmemSpace", MEMORY, "30", SLURMD),
            used("MinRAMSpace", MEMORY, "30", SLURMD)));
}
