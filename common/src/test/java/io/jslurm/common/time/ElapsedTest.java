package io.jslurm.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ElapsedTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0 | 0:00 | 00:00:00", "5 | 0:05 | 00:00:05", "65 | 1:05 | 00:01:05", "3723 | 1:02:03 | 01:02:03",
        "93784 | 1-02:03:04 | 1-02:03:04", "864000 | 10-00:00:00 | 10-00:00:00",
    })
    void printsLikeSqueueAndSacct(long seconds, String squeue, String sacct) {
        Elapsed elapsed = new Elapsed(seconds);
        assertThat(elapsed).hasToString(squeue);
        assertThat(elapsed.toPaddedString()).isEqualTo(sacct);
        assertThat(Elapsed.parse(squeue)).isEqualTo(elapsed);
        assertThat(Elapsed.parse(sacct)).isEqualTo(elapsed);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0:05 | 5", "1:30 | 90", "5 | 300", "1-2 | 93600", "1-2:3 | 93780",
    })
    void parsesSecondsExactly(String input, long seconds) {
        assertThat(Elapsed.parse(input).seconds()).isEqualTo(seconds);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "UNLIMITED | Invalid elapsed time: UNLIMITED (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)",
        "-0:05 | Invalid elapsed time: -0:05 (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)",
        "1:x | Invalid elapsed time: 1:x (expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)",
    })
    void rejectsWhatIsNotADuration(String input, String message) {
        assertThatThrownBy(() -> Elapsed.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }
}
