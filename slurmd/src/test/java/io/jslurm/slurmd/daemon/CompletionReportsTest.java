package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.slurmd.cgroup.CgroupUsage;
import io.jslurm.slurmd.step.StepTasks;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CompletionReportsTest {

    private static final CgroupUsage USED = new CgroupUsage(Duration.ofMillis(1500), Duration.ofMillis(250),
            OptionalLong.of(0), OptionalLong.of(100L * 1024 * 1024), 0, OptionalLong.of(0), OptionalLong.of(4096),
            OptionalLong.of(1 << 20));

    @Test
    void aStepsEndCarriesItsCgroupUsageUnderItsStepId() {
        JobComplete report = CompletionReports.ofStep(new StepTasks.StepEnd(42, 1, 0, Optional.of(USED)), "n2",
                Instant.ofEpochSecond(1_800_000_000L));

        assertThat(report.getJobId()).isEqualTo(42);
        assertThat(report.hasStepId()).isTrue();
        assertThat(report.getStepId()).isEqualTo(1);
        assertThat(report.getNodeName()).isEqualTo("n2");
        assertThat(report.getEndTime()).isEqualTo(1_800_000_000L);
        assertThat(report.getState()).isEqualTo(JobState.JOB_COMPLETED);
        assertThat(report.getUsage().getUserCpuMicros()).isEqualTo(1_500_000);
        assertThat(report.getUsage().getSystemCpuMicros()).isEqualTo(250_000);
        assertThat(report.getUsage().getMaxRssKb()).isEqualTo(100 * 1024);
        assertThat(report.getUsage().getMaxDiskReadBytes()).isEqualTo(4096);
        assertThat(report.getUsage().getMaxDiskWriteBytes()).isEqualTo(1 << 20);
    }

    @Test
    void aFailedStepWhoseCgroupWasGoneReportsNoUsage() {
        JobComplete report = CompletionReports.ofStep(new StepTasks.StepEnd(42, 0, 3, Optional.empty()), "n1",
                Instant.ofEpochSecond(1));

        assertThat(report.getState()).isEqualTo(JobState.JOB_FAILED);
        assertThat(report.getExitCode()).isEqualTo(3);
        assertThat(report.hasUsage()).isFalse();
    }
}
