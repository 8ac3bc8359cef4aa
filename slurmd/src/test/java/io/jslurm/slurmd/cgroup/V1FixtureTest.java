package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.cgroup.CgroupConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** v1 files that differ between kernels, on a tree laid out like an older node's /sys/fs/cgroup. */
class V1FixtureTest {
    private static final String JOB = "jslurm/uid_1000/job_9";
    private static final long MIB = 1024L * 1024L;

    @TempDir
    Path temp;
    private FixtureHost fixture;

    @BeforeEach
    void layOutHost() {
        fixture = new FixtureHost(temp).file("proc/self/mountinfo", """
                31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw
                33 31 0:30 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct
                35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory
                38 31 0:35 / /sys/fs/cgroup/blkio rw - cgroup cgroup rw,blkio
                """);
        for (String dir : new String[] {"jslurm", "jslurm/uid_1000", JOB, JOB + "/step_batch"}) {
            fixture.file("sys/fs/cgroup/memory/" + dir + "/memory.limit_in_bytes", "9223372036854771712")
                    .file("sys/fs/cgroup/cpu,cpuacct/" + dir + "/cgroup.procs", "")
                    .file("sys/fs/cgroup/blkio/" + dir + "/cgroup.procs", "");
        }
    }

    private CgroupManager manager() {
        return Cgroups.open(CgroupConfig.defaults(), CgroupLayout.shared(), fixture.host(), CgroupBase.HIERARCHY_ROOT);
    }

    @Test
    void withoutSwapAccountingTheRamLimitIsStillSet() {
        manager().createJob(1000, 9, CgroupLimits.NONE
                .withMemory(new MemoryLimit(OptionalLong.of(256 * MIB), OptionalLong.of(64 * MIB))));
        assertThat(fixture.read("sys/fs/cgroup/memory/" + JOB + "/memory.limit_in_bytes"))
                .isEqualTo(Long.toString(256 * MIB));
    }

    @Test
    void usageFromOlderKernelsFiles() {
        String memory = "sys/fs/cgroup/memory/" + JOB;
        fixture.file("sys/fs/cgroup/cpu,cpuacct/" + JOB + "/cpuacct.stat", "user 250\nsystem 40\n")
                .file(memory + "/memory.usage_in_bytes", "4096\n")
                .file(memory + "/memory.max_usage_in_bytes", "33554432\n")
                .file(memory + "/memory.failcnt", "3\n")
                .file(memory + "/memory.memsw.failcnt", "2\n")
                .file(memory + "/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n")
                .file(memory + "/step_batch/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
                .file("sys/fs/cgroup/blkio/" + JOB + "/blkio.throttle.io_service_bytes_recursive",
                        "8:0 Read 1000\n8:0 Write 24\n8:0 Sync 1024\n8:16 Read 5\n8:16 Write 0\nTotal 1029\n");

        CgroupUsage usage = manager().findJob(9).orElseThrow().usage();

        assertThat(usage.userCpu()).isEqualTo(Duration.ofMillis(2500));
        assertThat(usage.systemCpu()).isEqualTo(Duration.ofMillis(400));
        assertThat(usage.memoryBytes()).hasValue(4096);
        assertThat(usage.peakMemoryBytes()).hasValue(33554432);
        assertThat(usage.memoryLimitHits()).hasValue(5);
        assertThat(usage.oomKills()).as("kills counted in the step").isEqualTo(2);
        assertThat(usage.readBytes()).hasValue(1005);
        assertThat(usage.writeBytes()).hasValue(24);
    }

    @Test
    void anSrunStepsOwnMemoryLimitHasRamAndSwapAsCgroupConfAsks() {
        String step = JOB + "/step_0";
        String memory = "sys/fs/cgroup/memory/" + step;
        fixture.file(memory + "/memory.limit_in_bytes", "9223372036854771712")
                .file(memory + "/memory.memsw.limit_in_bytes", "9223372036854771712")
                .file("sys/fs/cgroup/cpu,cpuacct/" + step + "/cgroup.procs", "")
                .file("sys/fs/cgroup/blkio/" + step + "/cgroup.procs", "");
        // ConstrainRAMSpace, ConstrainSwapSpace, AllowedSwapSpace=50: a 100M step may use 100M of RAM and 50M of swap.
        CgroupConfig config = TestCgroupConfigs.memory(true, true, 100, 50, 100, 100, 30);
        CgroupManager manager = manager();
        manager.createJob(1000, 9, CgroupLimits.NONE.withMemory(MemoryLimit.forJob(config, 1024, 16_000)));

        manager.createStep(1000, 9, StepName.of(0), CgroupLimits.NONE.withMemory(MemoryLimit.forJob(config, 100, 16_000)));

        assertThat(fixture.read(memory + "/memory.limit_in_bytes")).isEqualTo(Long.toString(100 * MIB));
        assertThat(fixture.read(memory + "/memory.memsw.limit_in_bytes")).isEqualTo(Long.toString(150 * MIB));
        assertThat(fixture.read("sys/fs/cgroup/memory/" + JOB + "/memory.limit_in_bytes"))
                .as("the job's limit stays the job's").isEqualTo(Long.toString(1024 * MIB));
    }

    @Test
    void anSrunStepsUsageComesFromItsOwnCgroup() {
        String step = JOB + "/step_0";
        String memory = "sys/fs/cgroup/memory/" + step;
        fixture.file(memory + "/memory.limit_in_bytes", "9223372036854771712")
                .file("sys/fs/cgroup/cpu,cpuacct/" + step + "/cgroup.procs", "")
                .file("sys/fs/cgroup/blkio/" + step + "/cgroup.procs", "")
                .file("sys/fs/cgroup/cpu,cpuacct/" + step + "/cpuacct.usage_user", "1500000000\n")
                .file("sys/fs/cgroup/cpu,cpuacct/" + step + "/cpuacct.usage_sys", "250000000\n")
                .file("sys/fs/cgroup/cpu,cpuacct/" + JOB + "/cpuacct.usage_user", "9000000000\n")
                .file("sys/fs/cgroup/cpu,cpuacct/" + JOB + "/cpuacct.usage_sys", "9000000000\n")
                .file(memory + "/memory.usage_in_bytes", "0\n")
                .file(memory + "/memory.max_usage_in_bytes", "104857600\n")
                .file("sys/fs/cgroup/blkio/" + step + "/blkio.throttle.io_service_bytes_recursive",
                        "8:0 Read 4096\n8:0 Write 1048576\nTotal 1052672\n");

        CgroupUsage usage = manager().findStep(9, StepName.of(0)).orElseThrow().usage();

        assertThat(usage.userCpu()).isEqualTo(Duration.ofMillis(1500));
        assertThat(usage.systemCpu()).isEqualTo(Duration.ofMillis(250));
        assertThat(usage.totalCpu()).isEqualTo(Duration.ofMillis(1750));
        assertThat(usage.peakMemoryBytes()).as("memory.max_usage_in_bytes").hasValue(104857600);
        assertThat(usage.readBytes()).hasValue(4096);
        assertThat(usage.writeBytes()).hasValue(1048576);
    }

    @Test
    void aHostWithoutFreezerCannotSuspend() {
        Cgroup job = manager().findJob(9).orElseThrow();
        assertThat(job.isFrozen()).isFalse();
        assertThatThrownBy(job::freeze)
                .hasMessage("cgroup " + JOB + " has no freezer");
    }

    @Test
    void aFreezeThatNeverCompletesStillLetsTheSignalThrough() throws Exception {
        fixture.file("proc/self/mountinfo", """
                31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw
                33 31 0:30 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct
                36 31 0:33 / /sys/fs/cgroup/freezer rw - cgroup cgroup rw,freezer
                """);
        for (String dir : new String[] {"jslurm", "jslurm/uid_1000", JOB, JOB + "/step_batch"}) {
            fixture.file("sys/fs/cgroup/freezer/" + dir + "/cgroup.procs", "");
        }
        // A freezer.state that swallows FROZEN and never reads back as FROZEN: a freeze stuck in FREEZING.
        Files.createSymbolicLink(fixture.path("sys/fs/cgroup/freezer/" + JOB + "/freezer.state"), Path.of("/dev/null"));
        Cgroup job = manager().findJob(9).orElseThrow();

        job.signal(15);

        assertThat(job.isFrozen()).isFalse();
    }
}
