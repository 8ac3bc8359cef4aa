package io.jslurm.slurmd.cgroup;

import java.util.Arrays;
import java.util.Optional;

/** The v1 controllers jobs are placed in; each has its own hierarchy (or shares one when co-mounted). */
enum V1Controller {
    CPUSET("cpuset"),
    MEMORY("memory"),
    DEVICES("devices"),
    FREEZER("freezer"),
    CPUACCT("cpuacct"),
    PIDS("pids"),
    BLKIO("blkio");

    private final String mountName;

    V1Controller(String mountName) {
        this.mountName = mountName;
    }

    String mountName() {
        return mountName;
    }

    static Optional<V1Controller> byName(String name) {
        return Arrays.stream(values()).filter(c -> c.mountName.equals(name)).findFirst();
    }
}
