package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SuspendTimesTest {
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    @Test
    void eachSuspensionPushesTheTimeLimitOutByItsLength() {
        SuspendTimes times = SuspendTimes.NEVER.suspendedAt(T0).resumedAt(T0.plusSeconds(40))
                .suspendedAt(T0.plusSeconds(100)).resumedAt(T0.plusSeconds(102));

        assertThat(times.suspended()).isFalse();
        assertThat(times.before()).isEqualTo(Duration.ofSeconds(42));
        assertThat(times.pushedOut(T0.plusSeconds(600))).isEqualTo(T0.plusSeconds(642));
    }

    @Test
    void suspendingASuspendedJobKeepsWhenItsSuspensionBegan() {
        SuspendTimes times = SuspendTimes.NEVER.suspendedAt(T0).suspendedAt(T0.plusSeconds(30));

        assertThat(times.since()).contains(T0);
        assertThat(times.resumedAt(T0.plusSeconds(60)).before()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void aClockThatWentBackCountsNothingRatherThanLessThanNothing() {
        assertThat(SuspendTimes.NEVER.suspendedAt(T0).resumedAt(T0.minusSeconds(5)).before()).isZero();
        assertThat(SuspendTimes.NEVER.resumedAt(T0)).isEqualTo(SuspendTimes.NEVER);
    }

    @Test
    void whatIsWrittenReadsBackTheSameRunningOrSuspended() {
        SuspendTimes running = new SuspendTimes(Duration.ofMillis(12_345), java.util.Optional.empty());
        SuspendTimes suspended = running.suspendedAt(T0.plusMillis(7));

        assertThat(running.write()).isEqualTo("suspended_ms=12345\n");
        assertThat(SuspendTimes.parse(running.write())).isEqualTo(running);
        assertThat(SuspendTimes.parse(suspended.write())).isEqualTo(suspended);
    }

    @Test
    void aDamagedFileIsRefusedNamingTheLine() {
        assertThatThrownBy(() -> SuspendTimes.parse("suspended_ms=12\nsince_ms=soon\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("line 2 'since_ms=soon': not a number of milliseconds");
        assertThatThrownBy(() -> SuspendTimes.parse("paused=1\n"))
                .hasMessage("line 1 'paused=1': unknown entry");
        assertThatThrownBy(() -> SuspendTimes.parse("suspended_ms=-5\n"))
                .hasMessageContaining("must not be negative");
    }
}
