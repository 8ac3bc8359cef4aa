package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** Jobs' cgroups on v1: each path is made in every mounted controller's hierarchy. */
final class V1CgroupManager extends FileCgroupManager {
    private final Map<V1Controller, Path> bases;

    V1CgroupManager(CgroupLayout layout, Map<V1Controller, Path> bases) {
        super(layout);
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("no v1 controller to place jobs in");
        }
        this.bases = Map.copyOf(new EnumMap<>(bases));
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V1;
    }

    /** The freezer's hierarchy when there is one: signalling depends on it, so lookups follow it. */
    @Override
    Path lookupBase() {
        Path freezer = bases.get(V1Controller.FREEZER);
        return freezer != null ? freezer : new EnumMap<>(bases).values().iterator().next();
    }

    @Override
    void createPath(String relative) {
        bases.forEach((controller, base) -> {
            Path dir = base;
            for (Path name : Path.of(relative)) {
                Path parent = dir;
                dir = dir.resolve(name);
                if (!Files.isDirectory(dir)) {
                    CgroupFiles.createDirectory(dir);
                    if (controller == V1Controller.CPUSET) {
                        inheritCpuset(parent, dir);
                    }
                }
            }
        });
    }

    /** A new v1 cpuset starts with no CPUs and no memory nodes, and a process cannot join it so. */
    private static void inheritCpuset(Path parent, Path child) {
        for (String file : new String[] {"cpuset.mems", "cpuset.cpus"}) {
            if (CgroupFiles.read(child.resolve(file)).orElse("").isEmpty()) {
                CgroupFiles.write(child.resolve(file), CgroupFiles.readRequired(parent.resolve(file)));
            }
        }
    }

    @Override
    FileCgroup cgroupAt(String relative) {
        Map<V1Controller, Path> dirs = new EnumMap<>(V1Controller.class);
        bases.forEach((controller, base) -> dirs.put(controller, base.resolve(relative)));
        return new V1Cgroup(relative, dirs, treeLock);
    }
}
