package io.jslurm.slurmd.cgroup;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.conf.cgroup.CgroupPlugin;
import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Opens this machine's real cgroup hierarchies for tests, skipping when that cannot work here, and
 * removes whatever a test left behind without relying on the code under test.
 */
final class RealCgroupHost {
    private RealCgroupHost() {
    }

    static boolean isRoot() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The manager, or a skipped test saying why there is none. */
    static CgroupManager openOrSkip(CgroupPlugin plugin, String mountpoint, CgroupLayout layout, CgroupBase base) {
        assumeTrue(isRoot(), "cgroup tests need root: cgroupfs is writable by root only");
        try {
            return Cgroups.open(TestCgroupConfigs.plugin(plugin, mountpoint), layout, HostFiles.real(), base);
        } catch (CgroupException e) {
            assumeTrue(false, "no usable cgroup hierarchy for " + plugin.confName() + " at " + mountpoint + ": "
                    + e.getMessage());
            throw e;
        }
    }

    /** Thaws, kills and removes everything below the layout's prefix in every mounted hierarchy. */
    static void purge(CgroupLayout layout) throws IOException, InterruptedException {
        for (Path prefix : prefixDirectories(layout)) {
            List<Path> dirs = tree(prefix);
            for (Path dir : dirs) {
                writeIfPresent(dir.resolve("freezer.state"), "THAWED");
                writeIfPresent(dir.resolve("cgroup.freeze"), "0");
            }
            for (int attempt = 0; attempt < 500 && !pids(dirs).isEmpty(); attempt++) {
                pids(dirs).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
                Thread.sleep(10);
            }
            for (Path dir : dirs) {
                Files.deleteIfExists(dir);
            }
        }
    }

    /** Where a layout's prefix directory can be: below each cgroup mount and below this process's cgroups. */
    static List<Path> prefixDirectories(CgroupLayout layout) throws IOException {
        HostFiles host = HostFiles.real();
        CgroupMounts mounts = CgroupMounts.parse(host.readLines("proc/self/mountinfo"), Path.of("/"));
        Set<Path> bases = new LinkedHashSet<>(mounts.unified());
        bases.addAll(mounts.v1().values());
        Set<Path> candidates = new LinkedHashSet<>();
        for (Path base : bases) {
            candidates.add(base.resolve(layout.prefix()));
            for (String own : HierarchyChoice.ownCgroups(host).values()) {
                candidates.add(base.resolve(own.substring(1)).resolve(layout.prefix()));
            }
        }
        return candidates.stream().filter(Files::isDirectory).toList();
    }

    private static List<Path> tree(Path top) throws IOException {
        try (Stream<Path> walk = Files.walk(top)) {
            List<Path> dirs = new ArrayList<>(walk.filter(Files::isDirectory).toList());
            dirs.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
            return dirs;
        }
    }

    private static Set<Long> pids(List<Path> dirs) throws IOException {
        Set<Long> pids = new LinkedHashSet<>();
        for (Path dir : dirs) {
            Path procs = dir.resolve("cgroup.procs");
            if (Files.exists(procs)) {
                Files.readAllLines(procs).stream().filter(l -> !l.isBlank()).map(Long::parseLong).forEach(pids::add);
            }
        }
        return pids;
    }

    private static void writeIfPresent(Path file, String value) throws IOException {
        if (Files.exists(file)) {
            Files.writeString(file, value, java.nio.file.StandardOpenOption.WRITE);
        }
    }
}
