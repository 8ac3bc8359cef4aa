package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.cpu.IdSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CgroupLimitsTest {
    private static final long MIB = 1024L * 1024L;

    @Test
    void printsWhatIsSetForTheLog() {
        CgroupLimits limits = CgroupLimits.NONE.withCpus(IdSet.parse("0-3"), IdSet.of(0))
                .withMemory(new MemoryLimit(OptionalLong.of(4096 * MIB), OptionalLong.of(0))).withPidsMax(512)
                .withDeniedDevices(List.of(DeviceRule.character(195, 1)));
        assertThat(limits).hasToString("cpus=0-3 mems=0 ram=4096M swap=0M pids=512 deny=[c 195:1 rwm]");
        assertThat(CgroupLimits.NONE).hasToString("none");
    }

    @Test
    void jobLimitsFollowTheConstrainSettings() {
        List<DeviceRule> others = List.of(DeviceRule.character(195, 1));
        CgroupLimits all = CgroupLimits.forJob(TestCgroupConfigs.constrain(true, true, true), IdSet.parse("4-7"),
                IdSet.of(1), 2048, 100_000, others);
        assertThat(all).hasToString("cpus=4-7 mems=1 ram=2048M deny=[c 195:1 rwm]");

        CgroupLimits none = CgroupLimits.forJob(TestCgroupConfigs.constrain(false, false, false), IdSet.parse("4-7"),
                IdSet.of(1), 2048, 100_000, others);
        assertThat(none).isEqualTo(CgroupLimits.NONE);
    }

    @Test
    void swapNeedsARamLimit() {
        assertThatThrownBy(() -> new CgroupLimits(Optional.empty(), Optional.empty(), OptionalLong.empty(),
                OptionalLong.of(MIB), OptionalLong.empty(), List.of())).hasMessage("a swap limit needs a RAM limit");
    }

    @Test
    void emptyCpuSetsAndZeroLimitsAreRejected() {
        assertThatThrownBy(() -> CgroupLimits.NONE.withCpus(IdSet.empty(), IdSet.of(0)))
                .hasMessage("cpus must not be empty");
        assertThatThrownBy(() -> CgroupLimits.NONE.withPidsMax(0)).hasMessage("pidsMax must be positive: 0");
    }
}
