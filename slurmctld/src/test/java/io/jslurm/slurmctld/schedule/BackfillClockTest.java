package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BackfillClockTest {

    private static final Duration BF_INTERVAL = Duration.ofSeconds(30);
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    private final BackfillClock backfill = new BackfillClock();

    @Test
    void theFirstPassBackfills() {
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).isTrue();
        assertThat(backfill.untilDue(clock.instant(), BF_INTERVAL)).isZero();
    }

    @Test
    void passesWithinBfIntervalOfTheLastBackfillAreMainOnly() {
        backfill.ran(clock.instant());
        clock.advance(Duration.ofSeconds(2));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).isFalse();
        assertThat(backfill.untilDue(clock.instant(), BF_INTERVAL)).isEqualTo(Duration.ofSeconds(28));
        clock.advance(Duration.ofMillis(27_999));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).isFalse();
        clock.advance(Duration.ofMillis(1));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).as("exactly bf_interval later").isTrue();
    }

    @Test
    void theIntervalCountsFromTheLastBackfillNotFromTheFirst() {
        backfill.ran(clock.instant());
        clock.advance(Duration.ofSeconds(45));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).isTrue();
        backfill.ran(clock.instant());
        clock.advance(Duration.ofSeconds(20));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).as("20 s after the second run").isFalse();
    }

    @Test
    void aShorterIntervalFromAReconfigureTakesEffectAtOnce() {
        backfill.ran(clock.instant());
        clock.advance(Duration.ofSeconds(5));
        assertThat(backfill.due(clock.instant(), BF_INTERVAL)).isFalse();
        assertThat(backfill.due(clock.instant(), Duration.ofSeconds(5))).isTrue();
    }

    @Test
    void aClockThatWentBackwardsMakesBackfillDue() {
        backfill.ran(clock.instant());
        assertThat(backfill.due(clock.instant().minusSeconds(60), BF_INTERVAL)).isTrue();
    }
}
