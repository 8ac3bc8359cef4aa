package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Jobs' cgroups on the unified hierarchy. Controllers are enabled for the children of every
 * directory on the way down, so job and step cgroups can be limited; by v2's rule that only leaves
 * hold processes once controllers are enabled below them, processes go into steps, not jobs.
 */
final class V2CgroupManager extends FileCgroupManager {
    /** The controllers limits and accounting use; others the host may offer are left alone. */
    private static final List<String> WANTED = List.of("cpuset", "cpu", "io", "memory", "pids");

    private final Path base;
    private final BpfDeviceFilter deviceFilter;

    V2CgroupManager(CgroupLayout layout, Path base, BpfDeviceFilter deviceFilter) {
        super(layout);
        this.base = base;
        this.deviceFilter = deviceFilter;
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V2;
    }

    @Override
    Path lookupBase() {
        return base;
    }

    @Override
    void createPath(String relative) {
        Path dir = base;
        for (Path name : Path.of(relative)) {
            enableControllersBelow(dir);
            dir = dir.resolve(name);
            if (!Files.isDirectory(dir)) {
                CgroupFiles.createDirectory(dir);
            }
        }
    }

    private static void enableControllersBelow(Path dir) {
        Set<String> available = words(dir.resolve("cgroup.controllers"));
        Set<String> enabled = words(dir.resolve("cgroup.subtree_control"));
        String missing = WANTED.stream().filter(available::contains).filter(c -> !enabled.contains(c))
                .map(c -> "+" + c).collect(Collectors.joining(" "));
        if (!missing.isEmpty()) {
            CgroupFiles.write(dir.resolve("cgroup.subtree_control"), missing);
        }
    }

    private static Set<String> words(Path file) {
        return CgroupFiles.read(file).map(text -> Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty())
                .collect(Collectors.toSet())).orElse(Set.of());
    }

    @Override
    FileCgroup cgroupAt(String relative) {
        return new V2Cgroup(relative, base.resolve(relative), deviceFilter, treeLock);
    }
}
