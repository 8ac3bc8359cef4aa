package io.jslurm.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeLimitNoticeTest {

    private static final long END = Instant.parse("2026-11-30T12:01:05Z").getEpochSecond();

    private static JobRecord job(JobState state) {
        return JobRecord.newBuilder().setJobId(42).setState(state).setEndTime(END).build();
    }

    @Test
    void aTimedOutAllocationIsRevokedForItsTimeLimitAndAnyOtherEndIsRevokedPlainly() {
        assertThat(TimeLimitNotice.allocationRevoked("salloc", job(JobState.JOB_TIMEOUT)))
                .isEqualTo("salloc: Job 42 has exceeded its time limit and its allocation has been revoked.");
        assertThat(TimeLimitNotice.allocationRevoked("salloc", job(JobState.JOB_CANCELLED)))
                .isEqualTo("salloc: Job allocation 42 has been revoked.");
    }

    @Test
    void onlyEndedJobsAreRevoked() {
        assertThat(TimeLimitNotice.revoked(job(JobState.JOB_RUNNING))).isFalse();
        assertThat(TimeLimitNotice.revoked(job(JobState.JOB_SUSPENDED))).isFalse();
        assertThat(TimeLimitNotice.revoked(job(JobState.JOB_TIMEOUT))).isTrue();
        assertThat(TimeLimitNotice.revoked(job(JobState.JOB_COMPLETED))).isTrue();
    }

    @Test
    void aStepEndedByItsJobsTimeLimitGetsOneLinePerNodeAtTheJobsEnd() {
        assertThat(TimeLimitNotice.stepCancelled("42.0", List.of("n1", "n2"), job(JobState.JOB_TIMEOUT),
                ZoneOffset.UTC)).containsExactly(
                "srun: error: *** STEP 42.0 ON n1 CANCELLED AT 2026-11-30T12:01:05 DUE TO TIME LIMIT ***",
                "srun: error: *** STEP 42.0 ON n2 CANCELLED AT 2026-11-30T12:01:05 DUE TO TIME LIMIT ***");
    }
}
