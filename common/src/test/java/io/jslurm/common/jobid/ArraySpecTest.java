package io.jslurm.common.jobid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ArraySpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0-15 | 0-15 | 0-15 | 15 | ", "0-15%4 | 0-15%4 | 0-15 | 15 | 4", "1,3,5 | 1,3,5 | 1,3,5 | 5 | ",
        "0-30:10 | 0-30:10 | 0,10,20,30 | 30 | ", "1-10:3 | 1-10:3 | 1,4,7,10 | 10 | ",
        "0-31:10 | 0-31:10 | 0,10,20,30 | 30 | ", "5 | 5 | 5 | 5 | ", "1-3,7-9%2 | 1-3,7-9%2 | 1-3,7-9 | 9 | 2",
        "3-3 | 3 | 3 | 3 | ",
    })
    void parsesSbatchArrayForms(String input, String printed, String taskIds, int max, Integer limit) {
        ArraySpec spec = ArraySpec.parse(input);
        assertThat(spec).hasToString(printed);
        assertThat(spec.taskIds()).hasToString(taskIds);
        assertThat(spec.maxTaskId()).isEqualTo(max);
        assertThat(spec.maxRunning()).isEqualTo(limit == null ? OptionalInt.empty() : OptionalInt.of(limit));
        assertThat(ArraySpec.parse(printed)).isEqualTo(spec);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "5-1 | Invalid array specification: 5-1 (range '5-1' runs backwards)",
        "0-15:0 | Invalid array specification: 0-15:0 (step in '0-15:0' must be at least 1)",
        "5:2 | Invalid array specification: 5:2 (a step needs a range, as in 0-30:10)",
        "1-5%0 | Invalid array specification: 1-5%0 (the %N task limit must be at least 1)",
        "a | Invalid array specification: a (expected task ids and ranges such as 0-15, 1,3,5 or 0-30:10, optionally followed by %N)",
        "1,,3 | Invalid array specification: 1,,3 (expected task ids and ranges such as 0-15, 1,3,5 or 0-30:10, optionally followed by %N)",
        "-1 | Invalid array specification: -1 (expected task ids and ranges such as 0-15, 1,3,5 or 0-30:10, optionally followed by %N)",
        "[1-5] | Invalid array specification: [1-5] (expected task ids and ranges such as 0-15, 1,3,5 or 0-30:10, optionally followed by %N)",
        "0-4294967295 | Invalid array specification: 0-4294967295 ('4294967295' is larger than 67108863)",
    })
    void rejectsBadArraysNamingThem(String input, String message) {
        assertThatThrownBy(() -> ArraySpec.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }
}
