package io.jslurm.slurmd.cgroup;

import static io.jslurm.slurmd.cgroup.TestCgroupConfigs.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.cgroup.CgroupConfig;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class MemoryLimitTest {
    private static final long MIB = 1024L * 1024L;
    private static final long NODE_MB = 100_000;

    @Test
    void defaultsConstrainNothing() {
        assertThat(MemoryLimit.forJob(CgroupConfig.defaults(), 4000, NODE_MB)).isEqualTo(MemoryLimit.UNLIMITED);
    }

    @Test
    void ramLimitIsTheRequestScaledByAllowedRamSpace() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, false, 110, 0, 100, 100, 30), 4000, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(4400 * MIB);
        assertThat(limit.swapBytes()).isEmpty();
    }

    @Test
    void ramLimitIsCappedByMaxRamPercentOfTheNode() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, false, 100, 0, 50, 100, 30), 80_000, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(50_000 * MIB);
    }

    @Test
    void ramLimitIsAtLeastMinRamSpace() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, false, 100, 0, 100, 100, 30), 10, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(30 * MIB);
    }

    @Test
    void noMemoryRequestMeansMaxRamPercentOfTheNode() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, false, 100, 0, 90, 100, 30), 0, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(90_000 * MIB);
    }

    @Test
    void swapIsAllowedSwapSpaceOfTheRequestOnTopOfRam() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, true, 100, 25, 100, 100, 30), 4000, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(4000 * MIB);
        assertThat(limit.swapBytes()).hasValue(1000 * MIB);
    }

    @Test
    void swapDefaultsToNoneWhenConstrained() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, true, 100, 0, 100, 100, 30), 4000, NODE_MB);
        assertThat(limit.swapBytes()).hasValue(0);
    }

    @Test
    void ramPlusSwapIsCappedByMaxRamAndMaxSwapPercent() {
        MemoryLimit limit = MemoryLimit.forJob(memory(true, true, 100, 100, 60, 10, 30), 50_000, NODE_MB);
        assertThat(limit.ramBytes()).hasValue(50_000 * MIB);
        assertThat(limit.swapBytes()).hasValue(20_000 * MIB);
    }

    @Test
    void swapConstraintAloneBoundsRamAndSwapTogether() {
        MemoryLimit limit = MemoryLimit.forJob(memory(false, true, 100, 50, 100, 100, 30), 4000, NODE_MB);
        assertThat(limit).isEqualTo(new MemoryLimit(OptionalLong.of(6000 * MIB), OptionalLong.of(0)));
    }

    @Test
    void rejectsNegativeRequests() {
        assertThatThrownBy(() -> MemoryLimit.forJob(CgroupConfig.defaults(), -1, NODE_MB))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("requested -1 MB");
    }
}
