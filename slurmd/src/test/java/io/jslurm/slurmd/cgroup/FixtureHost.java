package io.jslurm.slurmd.cgroup;

import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A temp directory laid out like a host's /proc and cgroupfs, interface files included. */
final class FixtureHost {
    static final String V2_FILES_EMPTY = "cgroup.procs cgroup.subtree_control cpuset.cpus cpuset.mems";
    private final Path root;

    FixtureHost(Path root) {
        this.root = root;
    }

    HostFiles host() {
        return new HostFiles(root);
    }

    Path path(String relative) {
        return root.resolve(relative);
    }

    FixtureHost file(String relative, String content) {
        Path file = root.resolve(relative);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    String read(String relative) {
        try {
            return Files.readString(root.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A v2 cgroup directory as the kernel creates it below a parent that enabled {@code controllers}. */
    FixtureHost v2Cgroup(String relative, String controllers) {
        file(relative + "/cgroup.controllers", controllers);
        file(relative + "/cgroup.events", "populated 0\nfrozen 0\n");
        file(relative + "/cgroup.freeze", "0");
        file(relative + "/memory.max", "max");
        file(relative + "/memory.swap.max", "max");
        file(relative + "/pids.max", "max");
        for (String name : V2_FILES_EMPTY.split(" ")) {
            file(relative + "/" + name, "");
        }
        return this;
    }
}
