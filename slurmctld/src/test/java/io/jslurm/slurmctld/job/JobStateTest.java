package io.jslurm.slurmctld.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class JobStateTest {

    @Test
    void compactCodesAreSlurms() {
        assertThat(Arrays.stream(JobState.values()).map(JobState::compact))
                .containsExactly("PD", "CF", "R", "CG", "CD", "F", "CA", "TO", "NF", "PR", "OOM", "RQ", "S", "BF", "DL");
    }

    @Test
    void parsesLongNamesAndCompactCodesInAnyCase() {
        assertThat(JobState.parse("pd")).isEqualTo(JobState.PENDING);
        assertThat(JobState.parse("OUT_OF_MEMORY")).isEqualTo(JobState.OUT_OF_MEMORY);
        assertThat(JobState.parse("oom")).isEqualTo(JobState.OUT_OF_MEMORY);
        assertThat(JobState.parse(" cg ")).isEqualTo(JobState.COMPLETING);
        assertThatThrownBy(() -> JobState.parse("DONE")).hasMessageContaining("Invalid job state specified");
    }

    @Test
    void finishedStatesAreTheEndings() {
        assertThat(Arrays.stream(JobState.values()).filter(JobState::isFinished))
                .containsExactlyInAnyOrder(JobState.COMPLETED, JobState.FAILED, JobState.CANCELLED, JobState.TIMEOUT,
                        JobState.NODE_FAIL, JobState.PREEMPTED, JobState.OUT_OF_MEMORY, JobState.BOOT_FAIL,
                        JobState.DEADLINE);
        assertThat(JobState.REQUEUED.isFinished()).isFalse();
        assertThat(JobState.COMPLETING.holdsResources()).isTrue();
    }

    @Test
    void pendingReasonsPrintAsSlurmDoes() {
        assertThat(PendingReason.JOB_HELD_USER.slurmName()).isEqualTo("JobHeldUser");
        assertThat(PendingReason.QOS_MAX_JOBS_PER_USER_LIMIT).hasToString("QOSMaxJobsPerUserLimit");
        assertThat(PendingReason.parse("resources")).isEqualTo(PendingReason.RESOURCES);
    }
}
