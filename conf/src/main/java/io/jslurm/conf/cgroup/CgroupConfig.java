package io.jslurm.conf.cgroup;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What cgroup.conf tells slurmd to confine.
 *
 * @param allowedRamSpacePercent percent of the job's requested memory it may use
 * @param allowedSwapSpacePercent percent of the job's requested memory it may add as swap
 * @param memorySwappiness empty when the kernel's setting is kept
 */
public record CgroupConfig(CgroupPlugin plugin, Path mountpoint, boolean constrainCores, boolean constrainDevices,
                           boolean constrainRamSpace, boolean constrainSwapSpace, double allowedRamSpacePercent,
                           double allowedSwapSpacePercent, double maxRamPercent, double maxSwapPercent,
                           long minRamSpaceMb, OptionalInt memorySwappiness, boolean ignoreSystemd,
                           boolean ignoreSystemdOnFailure) {

    public CgroupConfig {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(mountpoint, "mountpoint");
        Objects.requireNonNull(memorySwappiness, "memorySwappiness");
    }

    /** Slurm's behaviour when there is no cgroup.conf. */
    public static CgroupConfig defaults() {
        return parse(List.of(), new Location("cgroup.conf", 0), new Diagnostics());
    }

    public static CgroupConfig parse(List<ConfLine> lines, Location fileStart, Diagnostics diagnostics) {
        KeyValues values = KeyValues.of(CgroupConfKeys.KEYS, ConfLine.allPairs(lines), Set.of(), diagnostics, fileStart);
        return new CgroupConfig(values.choice("CgroupPlugin", CgroupPlugin.class, CgroupPlugin.AUTODETECT),
                Path.of(values.string("CgroupMountpoint")), values.bool("ConstrainCores"),
                values.bool("ConstrainDevices"), values.bool("ConstrainRAMSpace"), values.bool("ConstrainSwapSpace"),
                values.decimal("AllowedRAMSpace", 0, 10_000), values.decimal("AllowedSwapSpace", 0, 10_000),
                values.decimal("MaxRAMPercent", 0, 100), values.decimal("MaxSwapPercent", 0, 100),
                values.number("MinRAMSpace", 0, Long.MAX_VALUE),
                values.isSet("MemorySwappiness") ? OptionalInt.of((int) values.number("MemorySwappiness", 0, 100))
                        : OptionalInt.empty(),
                values.bool("IgnoreSystemd"), values.bool("IgnoreSystemdOnFailure"));
    }
}
