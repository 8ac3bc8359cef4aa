package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.conf.cgroup.CgroupPlugin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The real cgroup2 hierarchy: a hybrid host's /sys/fs/cgroup/unified, or a pure v2 host's
 * /sys/fs/cgroup. On a hybrid host the memory, cpuset and pids controllers are bound to v1, so
 * there limits are only tested on fixture trees ({@link V2FixtureTest}) while placement, freezing,
 * cgroup.kill, CPU time and eBPF device rules are tested here.
 *
 * <p>Jobs go directly below the mount point: on a pure v2 host the test's own cgroup holds
 * processes, and v2 lets no such cgroup enable controllers for children.
 */
class V2HierarchyTest extends RealHierarchyContract {
    private static final Path HYBRID_UNIFIED = Path.of("/sys/fs/cgroup/unified");
    private static final Path MOUNTPOINT = Files.exists(HYBRID_UNIFIED.resolve("cgroup.procs"))
            ? HYBRID_UNIFIED : Path.of("/sys/fs/cgroup");
    private static final long MIB = 1024L * 1024L;

    @Override
    CgroupManager open(CgroupLayout testLayout) {
        return RealCgroupHost.openOrSkip(CgroupPlugin.V2, MOUNTPOINT.toString(), testLayout,
                CgroupBase.HIERARCHY_ROOT);
    }

    @Override
    boolean limitsMemory(Cgroup job) {
        return Files.exists(MOUNTPOINT.resolve(job.path()).resolve("memory.max"));
    }

    @Test
    void thisKernelOffersCgroupKill() {
        Cgroup step = batchStep(70);
        assertThat(MOUNTPOINT.resolve(step.path()).resolve("cgroup.kill"))
                .as("cgroup.kill (Linux 5.14), which kill() uses").exists();
    }

    @Test
    void cpuTimeIsReadWithoutTheCpuController() throws Exception {
        Cgroup step = batchStep(71);
        assumeTrue(!Files.exists(MOUNTPOINT.resolve(step.path()).resolve("memory.current")),
                "this host's v2 has the memory controller; this test is for hybrid hosts");
        runInside(step, "sh", "-c", "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done");
        CgroupUsage usage = step.usage();
        assertThat(usage.userCpu()).isPositive();
        assertThat(usage.memoryBytes()).isEmpty();
        assertThat(usage.peakMemoryBytes()).isEmpty();
        assertThat(usage.oomKilled()).isFalse();
    }

    @Test
    void processAllocatingPastMemoryMaxIsOomKilledAndThatIsSeen() throws Exception {
        Cgroup job = manager.createJob(UID, 72, CgroupLimits.NONE);
        assumeTrue(Files.exists(MOUNTPOINT.resolve(job.path()).resolve("memory.max")),
                "the memory controller is bound to v1 on this host (hybrid layout)");
        job.applyLimits(CgroupLimits.NONE.withMemory(new MemoryLimit(OptionalLong.of(32 * MIB), OptionalLong.of(0))));
        Cgroup step = manager.createStep(UID, 72, StepName.BATCH, CgroupLimits.NONE);

        Process hog = start(step.joinAndExec(List.of("sh", "-c", "head -c 512M /dev/zero | tail")));
        assertThat(hog.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(hog.exitValue()).as("tail killed by SIGKILL").isEqualTo(128 + 9);
        assertThat(Files.readString(MOUNTPOINT.resolve(job.path()).resolve("memory.max")).strip())
                .isEqualTo(Long.toString(32 * MIB));
        assertThat(job.usage().oomKilled()).isTrue();
    }
}
