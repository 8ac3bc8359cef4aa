package io.jslurm.slurmd.cgroup;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.conf.cgroup.CgroupPlugin;
import io.jslurm.slurmd.hw.HostFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The hierarchy to use: v1 controllers' mount points, or the cgroup2 mount point.
 *
 * @param v1 the v1 controllers found; empty for v2
 * @param unified the cgroup2 mount for v2; empty for v1
 */
record HierarchyChoice(CgroupVersion version, Map<V1Controller, Path> v1, Optional<Path> unified) {
    HierarchyChoice {
        Objects.requireNonNull(version, "version");
        v1 = Map.copyOf(v1);
        Objects.requireNonNull(unified, "unified");
    }

    /**
     * Autodetect picks v2 when the mount point is itself a cgroup2 file system (pure v2 host), v1
     * when v1 controllers are mounted below it (v1 or hybrid host). An explicit cgroup/v2 also
     * accepts a hybrid host's {@code <mountpoint>/unified}.
     */
    static HierarchyChoice choose(CgroupPlugin plugin, Path mountpoint, CgroupMounts mounts) {
        Optional<Path> pureV2 = mounts.unifiedAt(mountpoint);
        Map<V1Controller, Path> v1 = new EnumMap<>(V1Controller.class);
        mounts.v1Below(mountpoint).forEach((name, path) -> v1.put(V1Controller.byName(name).orElseThrow(), path));
        return switch (plugin) {
            case AUTODETECT -> {
                if (pureV2.isPresent()) {
                    yield v2(pureV2.get());
                }
                if (!v1.isEmpty()) {
                    yield new HierarchyChoice(CgroupVersion.V1, v1, Optional.empty());
                }
                throw new CgroupException("no cgroup hierarchy is mounted at " + mountpoint);
            }
            case V1 -> {
                if (v1.isEmpty()) {
                    throw new CgroupException("CgroupPlugin=cgroup/v1 but no v1 controller is mounted below "
                            + mountpoint);
                }
                yield new HierarchyChoice(CgroupVersion.V1, v1, Optional.empty());
            }
            case V2 -> v2(pureV2.or(() -> mounts.unifiedAt(mountpoint.resolve("unified")))
                    .orElseThrow(() -> new CgroupException("CgroupPlugin=cgroup/v2 but no cgroup2 file system is "
                            + "mounted at " + mountpoint)));
        };
    }

    /**
     * The v1 hierarchies a slurmd's jobs are placed in under this cgroup.conf: every mounted one but {@code pids},
     * whose only use would be a process limit that no cgroup.conf key sets, and {@code devices} without
     * ConstrainDevices, as Slurm's task/cgroup makes it only then. Each hierarchy costs every job and step a mkdir,
     * an rmdir and a read of its process list at least: 7 of them were most of slurmd's kernel time for short jobs.
     * v2 is one hierarchy, where controllers are enabled by files, and is kept as it is.
     */
    HierarchyChoice forJobs(CgroupConfig config) {
        if (version != CgroupVersion.V1) {
            return this;
        }
        Map<V1Controller, Path> used = new EnumMap<>(V1Controller.class);
        used.putAll(v1);
        used.remove(V1Controller.PIDS);
        if (!config.constrainDevices()) {
            used.remove(V1Controller.DEVICES);
        }
        return used.isEmpty() ? this : new HierarchyChoice(version, used, unified);
    }

    private static HierarchyChoice v2(Path mount) {
        return new HierarchyChoice(CgroupVersion.V2, Map.of(), Optional.of(mount));
    }

    CgroupManager open(CgroupLayout layout, HostFiles host, CgroupBase base) {
        Map<String, String> own = base == CgroupBase.OWN_CGROUP ? ownCgroups(host) : Map.of();
        if (version == CgroupVersion.V2) {
            return new V2CgroupManager(layout, below(unified.orElseThrow(), own.get("")), new BpfDeviceFilter());
        }
        Map<V1Controller, Path> bases = new EnumMap<>(V1Controller.class);
        v1.forEach((controller, mount) -> bases.put(controller, below(mount, own.get(controller.mountName()))));
        return new V1CgroupManager(layout, bases);
    }

    /**
     * Whether this process may create cgroups where {@link #open} would put them: write access to
     * the unified base, or to every v1 controller's.
     */
    boolean writable(HostFiles host, CgroupBase base) {
        Map<String, String> own = base == CgroupBase.OWN_CGROUP ? ownCgroups(host) : Map.of();
        if (version == CgroupVersion.V2) {
            return Files.isWritable(below(unified.orElseThrow(), own.get("")));
        }
        return v1.entrySet().stream()
                .allMatch(e -> Files.isWritable(below(e.getValue(), own.get(e.getKey().mountName()))));
    }

    private static Path below(Path mount, String ownPath) {
        if (ownPath == null || ownPath.equals("/")) {
            return mount;
        }
        return mount.resolve(ownPath.substring(1));
    }

    /**
     * This process's cgroup per controller from {@code /proc/self/cgroup} lines
     * ({@code 4:memory:/system.slice/slurmd.service}); the unified hierarchy's line has an empty
     * controller list and is keyed by "".
     */
    static Map<String, String> ownCgroups(HostFiles host) {
        Map<String, String> paths = new HashMap<>();
        for (String line : host.readLines("proc/self/cgroup")) {
            String[] fields = line.split(":", 3);
            if (fields.length != 3) {
                throw new CgroupException("malformed line in " + host.resolve("proc/self/cgroup") + ": '" + line + "'");
            }
            if (fields[1].isEmpty()) {
                paths.put("", fields[2]);
            } else {
                for (String controller : fields[1].split(",")) {
                    paths.put(controller, fields[2]);
                }
            }
        }
        return paths;
    }
}
