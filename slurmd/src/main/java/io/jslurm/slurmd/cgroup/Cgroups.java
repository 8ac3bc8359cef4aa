package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.slurmd.hw.HostFiles;
import java.util.Objects;

/** Opens the cgroup hierarchy cgroup.conf and the host's mounts call for. */
public final class Cgroups {
    private Cgroups() {
    }

    /**
     * Detects the version (CgroupPlugin, or what CgroupMountpoint holds when it is
     * {@code autodetect}) and returns a manager for it.
     *
     * @param host the host's {@code /proc} and mounts: {@link HostFiles#real()} on a node, a fixture
     *     tree laid out like cgroupfs in tests
     * @throws CgroupException when the hierarchy asked for is not mounted
     */
    public static CgroupManager open(CgroupConfig config, CgroupLayout layout, HostFiles host, CgroupBase base) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(base, "base");
        CgroupMounts mounts = CgroupMounts.parse(host.readLines("proc/self/mountinfo"), host.root());
        HierarchyChoice choice = HierarchyChoice.choose(config.plugin(), host.resolve(relative(config)), mounts);
        return choice.open(layout, host, base);
    }

    private static String relative(CgroupConfig config) {
        String mountpoint = config.mountpoint().toString();
        return mountpoint.startsWith("/") ? mountpoint.substring(1) : mountpoint;
    }
}
