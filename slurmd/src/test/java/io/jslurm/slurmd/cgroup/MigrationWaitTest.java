package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start-up advice on the kernel's grace-period wait when a process moves into a cgroup. */
class MigrationWaitTest {
    private static final String FEATURES = "nsdelegate\nfavordynmods\nmemory_localevents\nmemory_recursiveprot\n";
    private static final List<String> HYBRID = List.of(
            "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0",
            "tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0",
            "cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset 0 0",
            "cgroup /sys/fs/cgroup/blkio cgroup rw,relatime,blkio 0 0",
            "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0");
    private static final List<String> UNIFIED = List.of(
            "sysfs /sys sysfs rw,nosuid,nodev,noexec,relatime 0 0",
            "cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot 0 0");

    @Test
    void aHybridHostWithoutTheOptionIsToldToRemountItsCgroup2Root() {
        assertThat(MigrationWait.warning(FEATURES, HYBRID)).hasValueSatisfying(line -> assertThat(line)
                .contains("10-25 ms", "mount -o remount,favordynmods /sys/fs/cgroup/unified",
                        "cgroup_favordynmods=true", "fork and exit"));
    }

    @Test
    void aUnifiedHostWithoutTheOptionIsWarnedToo() {
        assertThat(MigrationWait.warning(FEATURES, UNIFIED)).hasValueSatisfying(line -> assertThat(line)
                .contains("mount -o remount,favordynmods /sys/fs/cgroup,"));
    }

    @Test
    void aCgroup2RootWithTheOptionNeedsNoAdvice() {
        List<String> remounted = List.of("cgroup2 /sys/fs/cgroup cgroup2 "
                + "rw,nosuid,nodev,noexec,relatime,nsdelegate,favordynmods,memory_recursiveprot 0 0");
        assertThat(MigrationWait.warning(FEATURES, remounted)).isEmpty();
    }

    @Test
    void theBootOptionShowsOnVersion1MountsAndNeedsNoAdvice() {
        List<String> booted = List.of("cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset,favordynmods 0 0");
        assertThat(MigrationWait.warning(FEATURES, booted)).isEmpty();
    }

    @Test
    void aKernelWithoutTheOptionGetsNoAdviceItCannotFollow() {
        assertThat(MigrationWait.warning("nsdelegate\nmemory_localevents\n", HYBRID)).isEmpty();
        assertThat(MigrationWait.warning("", UNIFIED)).isEmpty();
    }

    @Test
    void aHostWithoutCgroup2IsPointedAtTheBootOptionOnly() {
        assertThat(MigrationWait.warning(FEATURES, HYBRID.subList(0, 4))).hasValueSatisfying(line -> assertThat(line)
                .doesNotContain("remount").contains("cgroup_favordynmods=true"));
    }

    @Test
    void theHostsFilesAreReadFromItsRoot(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("sys/kernel/cgroup"));
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("sys/kernel/cgroup/features"), FEATURES);
        Files.writeString(root.resolve("proc/mounts"), String.join("\n", HYBRID) + "\n");
        assertThat(MigrationWait.check(new HostFiles(root))).isPresent();
        Files.delete(root.resolve("sys/kernel/cgroup/features"));
        assertThat(MigrationWait.check(new HostFiles(root))).as("a kernel before 5.x has no features file").isEmpty();
    }

    @Test
    void onlyLaunchesThatCannotBeCreatedInTheirCgroupMoveProcesses() {
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V1, "6.18.44-fc-v669", true)).isTrue();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V2, "6.18.44-fc-v669", true)).isFalse();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V2, "5.7.0", true)).isFalse();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V2, "5.6.19-generic", true))
                .as("clone3 without CLONE_INTO_CGROUP").isTrue();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V2, "4.18.0-553.el8", true)).isTrue();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.V2, "6.1.0", false))
                .as("no system call numbers for this architecture").isTrue();
        assertThat(MigrationWait.launchesMoveProcesses(CgroupVersion.NONE, "6.1.0", true)).isFalse();
    }
}
