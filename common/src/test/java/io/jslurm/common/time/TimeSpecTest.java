package io.jslurm.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expected instants were taken from Slurm 22.05's {@code sbatch -vv --begin=...} run at 2026-11-30T01:27:34 UTC
 * (relative forms shifted to that instant).
 */
class TimeSpecTest {

    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T01:27:34Z"));

    private static String resolved(String spec) {
        return Timestamps.format(TimeSpec.parse(spec).resolve(CLOCK, ZoneOffset.UTC), ZoneOffset.UTC);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "now | 2026-11-30T01:27:34", "NOW | 2026-11-30T01:27:34", "now+1 | 2026-11-30T01:27:35",
        "now+60 | 2026-11-30T01:28:34", "now+1second | 2026-11-30T01:27:35", "now+1seconds | 2026-11-30T01:27:35",
        "now+3minutes | 2026-11-30T01:30:34", "now+1minute | 2026-11-30T01:28:34",
        "now+1hour | 2026-11-30T02:27:34", "Now+1HOUR | 2026-11-30T02:27:34", "now + 1hour | 2026-11-30T02:27:34",
        "now-1hour | 2026-11-30T00:27:34", "now+2days | 2026-12-02T01:27:34", "now+1day | 2026-12-01T01:27:34",
        "now+1week | 2026-12-07T01:27:34", "now+1weeks | 2026-12-07T01:27:34",
        "16:00 | 2026-11-30T16:00:00", "16:00:30 | 2026-11-30T16:00:30", "01:00 | 2026-12-01T01:00:00",
        "4:00PM | 2026-11-30T16:00:00", "12:00am | 2026-12-01T00:00:00", "11:00 | 2026-11-30T11:00:00",
        "midnight | 2026-12-01T00:00:00", "noon | 2026-11-30T12:00:00", "elevenses | 2026-11-30T11:00:00",
        "fika | 2026-11-30T15:00:00", "teatime | 2026-11-30T16:00:00",
        "today | 2026-11-30T00:00:00", "tomorrow | 2026-12-01T00:00:00",
        "todayT16:00 | 2026-11-30T16:00:00", "tomorrowT10:00 | 2026-12-01T10:00:00",
        "1225 | 2026-12-25T00:00:00", "122526 | 2026-12-25T00:00:00", "0101 | 2027-01-01T00:00:00",
        "12/25 | 2026-12-25T00:00:00", "12/25/26 | 2026-12-25T00:00:00", "01/01 | 2027-01-01T00:00:00",
        "12.25 | 2026-12-25T00:00:00", "12.25.26 | 2026-12-25T00:00:00",
        "2026-12-01 | 2026-12-01T00:00:00", "2026-12-1 | 2026-12-01T00:00:00",
        "2026-12-01T10:00 | 2026-12-01T10:00:00", "2026-12-01T10:00:05 | 2026-12-01T10:00:05",
        "1130 | 2026-11-30T00:00:00", "2025-01-01 | 2025-01-01T00:00:00",
    })
    void resolvesLikeSbatchBegin(String spec, String expected) {
        assertThat(resolved(spec)).isEqualTo(expected);
    }

    @Test
    void resolvesInTheGivenZone() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Instant noon = TimeSpec.parse("noon").resolve(CLOCK, berlin);
        assertThat(noon).isEqualTo(Instant.parse("2026-11-30T11:00:00Z"));
        assertThat(Timestamps.format(noon, berlin)).isEqualTo("2026-11-30T12:00:00");
    }

    @Test
    void keepsTheTextAndKnowsRelativeForms() {
        assertThat(TimeSpec.parse(" now+1hour ")).hasToString("now+1hour");
        assertThat(TimeSpec.parse("now+1hour").isRelative()).isTrue();
        assertThat(TimeSpec.parse("noon").isRelative()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"now+1sec", "now+1s", "now+1min", "now+1h", "now+1d", "now+1w", "now+1hourx", "now+",
        "now1", "2026-12-01T25:00", "2026-12-01T10", "26-12-01", "16", "16:00:61", "24:00", "12/25/2026",
        "13/45", "bogus", "16:00AM", "4pm", "2026-12-01T10:00:00Z", "2026-02-30", "", "1225T", "1-2-3"})
    void rejectsWhatSbatchRejects(String spec) {
        assertThatThrownBy(() -> TimeSpec.parse(spec)).isInstanceOf(InvalidValueException.class)
                .hasMessageStartingWith("Invalid time specification: " + spec.strip() + " (");
    }

    @Test
    void errorListsTheAcceptedForms() {
        assertThatThrownBy(() -> TimeSpec.parse("bogus")).hasMessage("Invalid time specification: bogus (expected "
                + "now[{+|-}count[seconds|minutes|hours|days|weeks]], HH:MM[:SS][AM|PM], midnight, noon, elevenses, "
                + "fika, teatime, today, tomorrow, MMDD[YY], MM/DD[/YY], MM.DD[.YY] or YYYY-MM-DD[THH:MM[:SS]])");
    }

    @Test
    void timestampsPrintAndParseWithUnknownAndNone() {
        Instant at = Instant.parse("2026-12-01T10:00:00Z");
        assertThat(Timestamps.format(at, ZoneOffset.UTC)).isEqualTo("2026-12-01T10:00:00");
        assertThat(Timestamps.formatOrUnknown(Optional.empty(), ZoneOffset.UTC)).isEqualTo("Unknown");
        assertThat(Timestamps.formatOrNone(Optional.empty(), ZoneOffset.UTC)).isEqualTo("None");
        assertThat(Timestamps.parse("2026-12-01T10:00:00", ZoneOffset.UTC)).contains(at);
        assertThat(Timestamps.parse("Unknown", ZoneOffset.UTC)).isEmpty();
        assertThat(Timestamps.parse("None", ZoneOffset.UTC)).isEmpty();
        assertThatThrownBy(() -> Timestamps.parse("2026-12-01 10:00", ZoneOffset.UTC))
                .hasMessage("Invalid timestamp: 2026-12-01 10:00 (expected YYYY-MM-DDTHH:MM:SS, Unknown or None)");
    }
}
