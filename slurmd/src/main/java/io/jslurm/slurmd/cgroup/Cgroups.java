package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.slurmd.hw.HostFiles;
import java.nio.file.Path;
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
        return choice(config, host).open(layout, host, base);
    }

    /**
     * The manager for a slurmd: as {@link #open} when it runs as root or may write the hierarchy;
     * otherwise (an ordinary user's {@code slurm-local}) a {@link NoCgroupManager} that keeps its
     * records in {@code stateDir}, since nothing can be confined then but jobs must still run. On v1 only the
     * hierarchies the jobs need under cgroup.conf are used ({@link HierarchyChoice#forJobs}).
     *
     * @param root whether the daemon runs as root, which changes nothing about how root works
     */
    public static CgroupManager openForDaemon(CgroupConfig config, CgroupLayout layout, HostFiles host,
                                              CgroupBase base, boolean root, Path stateDir) {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(base, "base");
        if (root) {
            return choice(config, host).forJobs(config).open(layout, host, base);
        }
        HierarchyChoice choice;
        try {
            choice = choice(config, host).forJobs(config);
        } catch (CgroupException e) {
            return new NoCgroupManager(layout, stateDir, host.resolve("proc"));
        }
        return choice.writable(host, base) ? choice.open(layout, host, base)
                : new NoCgroupManager(layout, stateDir, host.resolve("proc"));
    }

    private static HierarchyChoice choice(CgroupConfig config, HostFiles host) {
        CgroupMounts mounts = CgroupMounts.parse(host.readLines("proc/self/mountinfo"), host.root());
        return HierarchyChoice.choose(config.plugin(), host.resolve(relative(config)), mounts);
    }

    private static String relative(CgroupConfig config) {
        String mountpoint = config.mountpoint().toString();
        return mountpoint.startsWith("/") ? mountpoint.substring(1) : mountpoint;
    }
}
