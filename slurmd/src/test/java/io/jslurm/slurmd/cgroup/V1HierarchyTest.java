package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.cgroup.CgroupPlugin;
import io.jslurm.common.cpu.IdSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The real v1 controllers under /sys/fs/cgroup, as a hybrid host mounts them. */
class V1HierarchyTest extends RealHierarchyContract {
    private static final long MIB = 1024L * 1024L;

    @Override
    CgroupManager open(CgroupLayout testLayout) {
        // Below this process's own cgroups, so jobs stay inside whatever limits the test runs under.
        return RealCgroupHost.openOrSkip(CgroupPlugin.V1, "/sys/fs/cgroup", testLayout, CgroupBase.OWN_CGROUP);
    }

    @Test
    void autodetectChoosesV1OnThisHost() {
        assertThat(RealCgroupHost.openOrSkip(CgroupPlugin.AUTODETECT, "/sys/fs/cgroup", layout,
                CgroupBase.OWN_CGROUP).version())
                .isEqualTo(CgroupVersion.V1);
    }

    @Test
    void limitsReachTheKernelAndBindTheProcess() throws Exception {
        CgroupLimits limits = CgroupLimits.NONE.withCpus(IdSet.of(0), IdSet.of(0))
                .withMemory(new MemoryLimit(OptionalLong.of(64 * MIB), OptionalLong.of(16 * MIB)))
                .withPidsMax(50);
        Cgroup job = manager.createJob(UID, 60, limits);
        Cgroup step = manager.createStep(UID, 60, StepName.BATCH, CgroupLimits.NONE);

        assertThat(controllerFile("memory", job, "memory.limit_in_bytes")).isEqualTo(Long.toString(64 * MIB));
        if (Files.exists(controllerPath("memory", job, "memory.memsw.limit_in_bytes"))) {
            assertThat(controllerFile("memory", job, "memory.memsw.limit_in_bytes")).isEqualTo(Long.toString(80 * MIB));
        }
        assertThat(controllerFile("pids", job, "pids.max")).isEqualTo("50");
        assertThat(runInside(step, "grep", "Cpus_allowed_list", "/proc/self/status")).contains("\t0\n");
    }

    @Test
    void pidsMaxStopsForksPastIt() throws Exception {
        manager.createJob(UID, 63, CgroupLimits.NONE.withPidsMax(3));
        Cgroup step = manager.createStep(UID, 63, StepName.BATCH, CgroupLimits.NONE);

        String output = runInside(step, "sh", "-c", "for i in 1 2 3 4 5; do sleep 1 & done; wait");

        assertThat(output).contains("Cannot fork");
    }

    @Test
    void processAllocatingPastTheLimitIsOomKilledAndThatIsSeen() throws Exception {
        manager.createJob(UID, 61, CgroupLimits.NONE
                .withMemory(new MemoryLimit(OptionalLong.of(32 * MIB), OptionalLong.of(0))));
        Cgroup step = manager.createStep(UID, 61, StepName.BATCH, CgroupLimits.NONE);

        Process hog = start(step.joinAndExec(List.of("sh", "-c", "head -c 512M /dev/zero | tail")));
        assertThat(hog.waitFor(60, TimeUnit.SECONDS)).isTrue();

        CgroupUsage usage = manager.findJob(61).orElseThrow().usage();
        assertThat(hog.exitValue()).as("tail killed by SIGKILL").isEqualTo(128 + 9);
        assertThat(usage.oomKilled()).isTrue();
        assertThat(usage.memoryLimitHits()).as("failcnt, which some kernels leave at 0").isPresent();
        assertThat(usage.peakMemoryBytes().orElseThrow()).isGreaterThan(16 * MIB).isLessThanOrEqualTo(32 * MIB);
    }

    @Test
    void usageWithoutOomIsClean() throws Exception {
        Cgroup step = batchStep(62);
        runInside(step, "sh", "-c", "head -c 8M /dev/zero | tail -c 1 >/dev/null");
        CgroupUsage usage = step.usage();
        assertThat(usage.oomKilled()).isFalse();
        assertThat(usage.peakMemoryBytes().orElseThrow()).isPositive();
        assertThat(usage.memoryBytes()).isPresent();
        assertThat(usage.readBytes()).isPresent();
    }

    private String controllerFile(String controller, Cgroup cgroup, String file) throws Exception {
        return Files.readString(controllerPath(controller, cgroup, file)).strip();
    }

    private Path controllerPath(String controller, Cgroup cgroup, String file) {
        V1Cgroup v1 = (V1Cgroup) cgroup;
        return v1.directories().stream().filter(dir -> dir.toString().startsWith("/sys/fs/cgroup/" + controller + "/"))
                .findFirst().orElseThrow().resolve(file);
    }
}
