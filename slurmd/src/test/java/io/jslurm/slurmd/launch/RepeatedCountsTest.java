package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RepeatedCountsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "4 | 4",
            "2 2 2 1 | 2(x3),1",
            "36 26 2 2 | 36,26,2(x2)",
            "8 8 8 8 | 8(x4)",
            "1 2 1 | 1,2,1",
            "3 3 1 1 3 | 3(x2),1(x2),3",
    })
    void runsOfEqualCountsAreWrittenOnce(String counts, String expected) {
        List<Integer> values = java.util.Arrays.stream(counts.split(" ")).map(Integer::valueOf).toList();
        assertThat(RepeatedCounts.format(values)).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void anEmptyListHasNoForm() {
        assertThatThrownBy(() -> RepeatedCounts.format(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
