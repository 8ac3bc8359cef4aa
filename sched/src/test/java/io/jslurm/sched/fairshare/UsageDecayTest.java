package io.jslurm.sched.fairshare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class UsageDecayTest {

    @Test
    void usageHalvesEveryHalfLife() {
        UsageDecay decay = new UsageDecay(Duration.ofDays(7));

        assertThat(decay.factor(Duration.ofDays(7))).isCloseTo(0.5, within(1e-12));
        assertThat(decay.factor(Duration.ofDays(14))).isCloseTo(0.25, within(1e-12));
        assertThat(decay.advance(1000, 0, Duration.ofDays(7))).isCloseTo(500, within(1e-9));
        assertThat(decay.advance(0, 100, Duration.ofDays(14))).isCloseTo(50, within(1e-9));
    }

    @Test
    void aZeroHalfLifeKeepsUsage() {
        UsageDecay none = new UsageDecay(Duration.ZERO);

        assertThat(none.advance(1000, 60, Duration.ofDays(30))).isEqualTo(1060);
    }

    @Test
    void resetPeriodsStartAtMidnight() {
        Instant saturdayNight = Instant.parse("2026-11-28T23:00:00Z");
        Instant sundayMorning = Instant.parse("2026-11-29T00:30:00Z");
        Instant mondayMorning = Instant.parse("2026-11-30T00:30:00Z");

        assertThat(UsageReset.DAILY.due(saturdayNight, sundayMorning, ZoneOffset.UTC)).isTrue();
        assertThat(UsageReset.DAILY.due(sundayMorning, sundayMorning.plusSeconds(60), ZoneOffset.UTC)).isFalse();
        assertThat(UsageReset.WEEKLY.due(saturdayNight, sundayMorning, ZoneOffset.UTC)).isTrue();
        assertThat(UsageReset.WEEKLY.due(sundayMorning, mondayMorning, ZoneOffset.UTC)).isFalse();
        assertThat(UsageReset.MONTHLY.due(Instant.parse("2026-11-30T23:59:00Z"),
                Instant.parse("2026-12-01T00:00:01Z"), ZoneOffset.UTC)).isTrue();
        assertThat(UsageReset.NONE.due(Instant.EPOCH, mondayMorning, ZoneOffset.UTC)).isFalse();
        assertThat(UsageReset.NOW.due(Instant.EPOCH, mondayMorning, ZoneOffset.UTC)).isTrue();
        assertThat(UsageReset.NOW.due(sundayMorning, mondayMorning, ZoneOffset.UTC)).isFalse();
    }

    @Test
    void unknownResetPeriodIsNamed() {
        assertThatThrownBy(() -> UsageReset.parse("fortnightly"))
                .hasMessageContaining("PriorityUsageResetPeriod").hasMessageContaining("fortnightly");
    }
}
