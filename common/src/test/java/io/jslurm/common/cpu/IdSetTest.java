package io.jslurm.common.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IdSetTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0-31 | 0-31", "0,2,4-7 | 0,2,4-7", "7,6,5,4 | 4-7", "0-3,2-5 | 0-5", "3 | 3", "1,3 | 1,3",
        "0-1,2-3 | 0-3", "' 0-1 ' | 0-1",
    })
    void printsSortedAndCompact(String input, String printed) {
        assertThat(IdSet.parse(input)).hasToString(printed);
    }

    @Test
    void gpuAndCpuHelpers() {
        IdSet gpus = IdSet.parse("0-3,6");
        assertThat(gpus.toCommaList()).isEqualTo("0,1,2,3,6");
        assertThat(gpus.size()).isEqualTo(5);
        assertThat(gpus.contains(6)).isTrue();
        assertThat(gpus.contains(5)).isFalse();
        assertThat(gpus.first()).isZero();
        assertThat(gpus.last()).isEqualTo(6);
        assertThat(gpus.lowest(2)).hasToString("0-1");
        assertThat(gpus.minus(IdSet.of(1, 2))).hasToString("0,3,6");
        assertThat(gpus.union(IdSet.range(4, 5))).hasToString("0-6");
        assertThat(gpus.intersection(IdSet.parse("2-10"))).hasToString("2-3,6");
        assertThat(gpus.containsAll(IdSet.of(0, 6))).isTrue();
        assertThat(IdSet.parse("0-1").toHexMask()).isEqualTo("0x3");
        assertThat(IdSet.parse("4,8").toHexMask()).isEqualTo("0x110");
        assertThat(IdSet.empty().toHexMask()).isEqualTo("0x0");
        assertThat(IdSet.parse("")).isEqualTo(IdSet.empty());
        assertThat(IdSet.empty()).hasToString("");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "3-1 | Invalid id list: 3-1 (range '3-1' runs backwards)",
        "a | Invalid id list: a (invalid range 'a'; expected numbers and ranges such as 0-3,8,10-11)",
        "1,,2 | Invalid id list: 1,,2 (invalid range ''; expected numbers and ranges such as 0-3,8,10-11)",
        "-1 | Invalid id list: -1 (invalid range '-1'; expected numbers and ranges such as 0-3,8,10-11)",
        "0-99999999 | Invalid id list: 0-99999999 ('99999999' is larger than 67108863)",
    })
    void rejectsBadListsNamingThem(String input, String message) {
        assertThatThrownBy(() -> IdSet.parse(input)).isInstanceOf(InvalidValueException.class).hasMessage(message);
    }

    @Test
    void masksReadLowestIdFromBitZeroOfWordZero() {
        IdSet set = IdSet.fromMaskWords(new long[] {0b1011L, 1L << 63, 1L});

        org.assertj.core.api.Assertions.assertThat(set).hasToString("0-1,3,127-128");
        org.assertj.core.api.Assertions.assertThat(set.size()).isEqualTo(5);
        org.assertj.core.api.Assertions.assertThat(set.contains(127)).isTrue();
        org.assertj.core.api.Assertions.assertThat(set.contains(2)).isFalse();
    }

    @Test
    void aStreamOfIdsCollapsesIntoRanges() {
        org.assertj.core.api.Assertions.assertThat(IdSet.of(java.util.stream.IntStream.of(5, 4, 6)))
                .hasToString("4-6");
    }
}
