package io.jslurm.slurmdbd.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecordOrderTest {

    private static final Instant T = Instant.parse("2026-11-30T01:00:00.250Z");

    @Test
    void aLaterRecordIsNewerWhateverItsState() {
        assertThat(new RecordOrder(T.plusMillis(1), JobState.RUNNING)).isGreaterThan(new RecordOrder(T, JobState.COMPLETED));
    }

    @Test
    void atTheSameTimeTheStateFurtherAlongIsNewer() {
        assertThat(new RecordOrder(T, JobState.COMPLETED)).isGreaterThan(new RecordOrder(T, JobState.RUNNING));
        assertThat(new RecordOrder(T, JobState.RUNNING)).isGreaterThan(new RecordOrder(T, JobState.PENDING));
    }

    @Test
    void theSameStateAtTheSameTimeIsNotNewer() {
        assertThat(new RecordOrder(T, JobState.RUNNING)).isEqualByComparingTo(new RecordOrder(T, JobState.SUSPENDED));
    }
}
