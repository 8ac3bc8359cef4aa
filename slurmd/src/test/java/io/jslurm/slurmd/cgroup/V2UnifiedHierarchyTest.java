package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.cgroup.CgroupPlugin;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The cgroup2 hierarchy a hybrid host mounts at /sys/fs/cgroup/unified. Its memory, cpuset and
 * pids controllers are bound to v1 there, so limits are tested on fixture trees
 * ({@link V2FixtureTest}); placement, freezing, cgroup.kill, CPU time and eBPF device rules are
 * tested here.
 */
class V2UnifiedHierarchyTest extends RealHierarchyContract {
    @Override
    CgroupManager open(CgroupLayout testLayout) {
        return RealCgroupHost.openOrSkip(CgroupPlugin.V2, "/sys/fs/cgroup/unified", testLayout);
    }

    @Test
    void thisKernelOffersCgroupKill() {
        Cgroup step = batchStep(70);
        assertThat(Path.of("/sys/fs/cgroup/unified").resolve(step.path()).resolve("cgroup.kill"))
                .as("cgroup.kill (Linux 5.14), which kill() uses").exists();
    }

    @Test
    void usageHasCpuButNoMemoryWithoutTheMemoryController() throws Exception {
        Cgroup step = batchStep(71);
        runInside(step, "true");
        CgroupUsage usage = step.usage();
        assertThat(usage.memoryBytes()).isEmpty();
        assertThat(usage.peakMemoryBytes()).isEmpty();
        assertThat(usage.oomKilled()).isFalse();
    }
}
