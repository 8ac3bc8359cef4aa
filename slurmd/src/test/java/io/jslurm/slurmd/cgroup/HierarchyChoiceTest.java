package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.cgroup.CgroupPlugin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HierarchyChoiceTest {
    private static final Path ROOT = Path.of("/host");

    /** A Debian host booted with systemd's hybrid layout: v1 controllers plus a cgroup2 at unified. */
    private static final List<String> HYBRID = List.of(
            "23 27 0:22 / /sys rw,relatime - sysfs sysfs rw",
            "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
            "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct",
            "34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset",
            "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
            "37 31 0:34 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer",
            "40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd",
            "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");

    /** A current GPU node: only cgroup2, at /sys/fs/cgroup, with an optional field before the separator. */
    private static final List<String> PURE_V2 = List.of(
            "26 22 0:23 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw",
            "27 26 0:24 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:8 - cgroup2 cgroup2 rw,nsdelegate");

    @Test
    void readsTheControllersJobsUseCoMountedOnesIncluded() {
        CgroupMounts mounts = CgroupMounts.parse(HYBRID, ROOT);
        assertThat(mounts.v1()).containsOnlyKeys("cpuacct", "cpuset", "memory", "freezer")
                .containsEntry("cpuacct", Path.of("/host/sys/fs/cgroup/cpu,cpuacct"))
                .containsEntry("memory", Path.of("/host/sys/fs/cgroup/memory"));
        assertThat(mounts.unified()).containsExactly(Path.of("/host/sys/fs/cgroup/unified"));
    }

    @Test
    void autodetectPicksV1OnAHybridHost() {
        HierarchyChoice choice = choose(CgroupPlugin.AUTODETECT, HYBRID, "/sys/fs/cgroup");
        assertThat(choice.version()).isEqualTo(CgroupVersion.V1);
        assertThat(choice.v1()).containsKeys(V1Controller.CPUSET, V1Controller.MEMORY, V1Controller.FREEZER,
                V1Controller.CPUACCT);
    }

    /** The v1 layout of this project's build machine: every controller jobs could use has its own hierarchy. */
    private static final List<String> ALL_V1 = List.of(
            "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
            "32 31 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct",
            "33 31 0:30 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset",
            "34 31 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
            "35 31 0:32 / /sys/fs/cgroup/devices rw,relatime - cgroup cgroup rw,devices",
            "36 31 0:33 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer",
            "37 31 0:34 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio",
            "38 31 0:35 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids");

    @Test
    void jobsLeaveOutThePidsHierarchyAndDevicesWithoutConstrainDevices() {
        HierarchyChoice all = choose(CgroupPlugin.AUTODETECT, ALL_V1, "/sys/fs/cgroup");
        assertThat(all.v1()).hasSize(7);

        assertThat(all.forJobs(TestCgroupConfigs.constrain(true, false, true)).v1().keySet())
                .containsExactlyInAnyOrder(V1Controller.CPUSET, V1Controller.MEMORY, V1Controller.FREEZER,
                        V1Controller.CPUACCT, V1Controller.BLKIO);
        assertThat(all.forJobs(TestCgroupConfigs.constrain(true, true, true)).v1().keySet())
                .containsExactlyInAnyOrder(V1Controller.CPUSET, V1Controller.MEMORY, V1Controller.FREEZER,
                        V1Controller.CPUACCT, V1Controller.BLKIO, V1Controller.DEVICES);
        HierarchyChoice v2 = choose(CgroupPlugin.AUTODETECT, PURE_V2, "/sys/fs/cgroup");
        assertThat(v2.forJobs(TestCgroupConfigs.constrain(true, false, true))).isEqualTo(v2);
    }

    @Test
    void autodetectPicksV2WhenTheMountpointIsCgroup2() {
        HierarchyChoice choice = choose(CgroupPlugin.AUTODETECT, PURE_V2, "/sys/fs/cgroup");
        assertThat(choice.version()).isEqualTo(CgroupVersion.V2);
        assertThat(choice.unified()).contains(Path.of("/host/sys/fs/cgroup"));
    }

    @Test
    void explicitV2UsesAHybridHostsUnifiedMount() {
        assertThat(choose(CgroupPlugin.V2, HYBRID, "/sys/fs/cgroup").unified())
                .contains(Path.of("/host/sys/fs/cgroup/unified"));
        assertThat(choose(CgroupPlugin.V2, HYBRID, "/sys/fs/cgroup/unified").unified())
                .contains(Path.of("/host/sys/fs/cgroup/unified"));
    }

    @Test
    void explicitVersionsThatAreNotMountedAreErrors() {
        assertThatThrownBy(() -> choose(CgroupPlugin.V1, PURE_V2, "/sys/fs/cgroup"))
                .hasMessage("CgroupPlugin=cgroup/v1 but no v1 controller is mounted below /host/sys/fs/cgroup");
        assertThatThrownBy(() -> choose(CgroupPlugin.V2, HYBRID, "/cg"))
                .hasMessage("CgroupPlugin=cgroup/v2 but no cgroup2 file system is mounted at /host/cg");
        assertThatThrownBy(() -> choose(CgroupPlugin.AUTODETECT, HYBRID, "/cg"))
                .hasMessage("no cgroup hierarchy is mounted at /host/cg");
    }

    @Test
    void mountPointsWithSpacesAreUnescaped() {
        CgroupMounts mounts = CgroupMounts.parse(
                List.of("50 1 0:40 / /srv/test\\040cg rw - cgroup2 none rw"), ROOT);
        assertThat(mounts.unified()).containsExactly(Path.of("/host/srv/test cg"));
    }

    @Test
    void malformedLinesNameThemselves() {
        assertThatThrownBy(() -> CgroupMounts.parse(List.of("12 1 0:1 / /x"), ROOT))
                .hasMessage("malformed mountinfo line: '12 1 0:1 / /x'");
    }

    private static HierarchyChoice choose(CgroupPlugin plugin, List<String> mountinfo, String mountpoint) {
        return HierarchyChoice.choose(plugin, ROOT.resolve(mountpoint.substring(1)),
                CgroupMounts.parse(mountinfo, ROOT));
    }
}
