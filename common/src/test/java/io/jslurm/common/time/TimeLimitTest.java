package io.jslurm.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsed values were taken from what Slurm 22.05's {@code sbatch -vv --time=...} reports. */
class TimeLimitTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1 | 00:01:00", "30 | 00:30:00", "90 | 01:30:00", "1:30 | 00:02:00", "0:59 | 00:01:00",
        "0:61 | 00:02:00", "1:60 | 00:02:00", "00:30 | 00:01:00", "0:0:30 | 00:01:00",
        "1:00:00 | 01:00:00", "2:00:00 | 02:00:00", "1:0:1 | 01:01:00", "24:00:00 | 1-00:00:00",
        "25:00:00 | 1-01:00:00", "60:00:00 | 2-12:00:00", "1-0 | 1-00:00:00", "1-2 | 1-02:00:00",
        "1-2:3 | 1-02:03:00", "1-2:3:4 | 1-02:04:00", "1-25 | 2-01:00:00", "1-0:0:1 | 1-00:01:00",
        "1-24:00:00 | 2-00:00:00", "1-2:61 | 1-03:01:00", "1- | 1-00:00:00", "100000 | 69-10:40:00", "4294967293 | 2982616-04:13:00",
        "-1 | UNLIMITED", "UNLIMITED | UNLIMITED", "unlimited | UNLIMITED", "INFINITE | UNLIMITED",
        "infinite | UNLIMITED",
    })
    void parsesLikeSbatchTimeRoundingUpToMinutes(String input, String padded) {
        assertThat(TimeLimit.parse(input).toPaddedString()).isEqualTo(padded);
    }

    @Test
    void zeroIsNoLimitForJobsButLiteralElsewhere() {
        assertThat(TimeLimit.parseForJob("0")).isEqualTo(TimeLimit.UNLIMITED);
        assertThat(TimeLimit.parseForJob("0-0:0")).isEqualTo(TimeLimit.UNLIMITED);
        assertThat(TimeLimit.parse("0")).isEqualTo(TimeLimit.ZERO);
        assertThat(TimeLimit.parseForJob("5")).isEqualTo(TimeLimit.ofMinutes(5));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0 | 0:00 | 00:00:00 | 0:00",
        "1800 | 30:00 | 00:30:00 | 30:00",
        "7200 | 2:00:00 | 02:00:00 | 2:00:00",
        "86400 | 1-00:00:00 | 1-00:00:00 | 1-00:00:00",
        "93784 | 1-02:03:04 | 1-02:03:04 | 1-02:03:04",
        "-1 | UNLIMITED | UNLIMITED | infinite",
    })
    void printsAsSqueueScontrolAndSinfo(long seconds, String squeue, String scontrol, String sinfo) {
        TimeLimit limit = seconds < 0 ? TimeLimit.UNLIMITED : TimeLimit.ofSeconds(seconds);
        assertThat(limit).hasToString(squeue);
        assertThat(limit.toPaddedString()).isEqualTo(scontrol);
        assertThat(limit.toSinfoString()).isEqualTo(sinfo);
    }

    @Test
    void unlimitedSortsLastAndHasNoSeconds() {
        assertThat(TimeLimit.UNLIMITED).isGreaterThan(TimeLimit.ofMinutes(Integer.MAX_VALUE));
        assertThat(TimeLimit.ofMinutes(5).min(TimeLimit.UNLIMITED)).isEqualTo(TimeLimit.ofMinutes(5));
        assertThat(TimeLimit.ofSeconds(61).minutes()).isEqualTo(2);
        assertThat(TimeLimit.ofMinutes(1).isReachedBy(Duration.ofSeconds(60))).isTrue();
        assertThat(TimeLimit.UNLIMITED.isReachedBy(Duration.ofDays(10_000))).isFalse();
        assertThatThrownBy(TimeLimit.UNLIMITED::seconds).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1:2:3:4 | Invalid time limit: 1:2:3:4 (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "abc | Invalid time limit: abc (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "-5 | Invalid time limit: -5 (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "'' | Invalid time limit:  (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "1:: | Invalid time limit: 1:: (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "1h | Invalid time limit: 1h (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE)",
        "4294967294 | Invalid time limit: 4294967294 (longer than the largest limit, 4294967293 minutes)",
        "999999999999999-0 | Invalid time limit: 999999999999999-0 (value is too large)",
    })
    void rejectsBadLimitsNamingThem(String input, String message) {
        assertThatThrownBy(() -> TimeLimit.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }
}
