package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.conf.cgroup.CgroupPlugin;
import java.nio.file.Path;
import java.util.OptionalInt;

/** cgroup.conf settings for tests, starting from Slurm's defaults. */
final class TestCgroupConfigs {
    private TestCgroupConfigs() {
    }

    static CgroupConfig plugin(CgroupPlugin plugin, String mountpoint) {
        CgroupConfig d = CgroupConfig.defaults();
        return new CgroupConfig(plugin, Path.of(mountpoint), d.constrainCores(), d.constrainDevices(),
                d.constrainRamSpace(), d.constrainSwapSpace(), d.allowedRamSpacePercent(),
                d.allowedSwapSpacePercent(), d.maxRamPercent(), d.maxSwapPercent(), d.minRamSpaceMb(),
                d.memorySwappiness(), d.ignoreSystemd(), d.ignoreSystemdOnFailure());
    }

    /** ConstrainCores, ConstrainDevices and ConstrainRAMSpace as given, the rest Slurm's defaults. */
    static CgroupConfig constrain(boolean cores, boolean devices, boolean ram) {
        CgroupConfig d = CgroupConfig.defaults();
        return new CgroupConfig(d.plugin(), d.mountpoint(), cores, devices, ram, d.constrainSwapSpace(),
                d.allowedRamSpacePercent(), d.allowedSwapSpacePercent(), d.maxRamPercent(), d.maxSwapPercent(),
                d.minRamSpaceMb(), d.memorySwappiness(), d.ignoreSystemd(), d.ignoreSystemdOnFailure());
    }

    /** Memory settings: ConstrainRAMSpace, ConstrainSwapSpace, AllowedRAMSpace, AllowedSwapSpace, MaxRAMPercent, MaxSwapPercent, MinRAMSpace. */
    static CgroupConfig memory(boolean constrainRam, boolean constrainSwap, double allowedRam, double allowedSwap,
                               double maxRamPercent, double maxSwapPercent, long minRamMb) {
        CgroupConfig d = CgroupConfig.defaults();
        return new CgroupConfig(d.plugin(), d.mountpoint(), d.constrainCores(), d.constrainDevices(), constrainRam,
                constrainSwap, allowedRam, allowedSwap, maxRamPercent, maxSwapPercent, minRamMb, OptionalInt.empty(),
                d.ignoreSystemd(), d.ignoreSystemdOnFailure());
    }
}
