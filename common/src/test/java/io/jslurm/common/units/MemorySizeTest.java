package io.jslurm.common.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Expected sizes were taken from what Slurm 22.05's {@code sbatch -vv --mem=...} reports it parsed. */
class MemorySizeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1 | 1", "1024 | 1024", "1500 | 1500", "007 | 7", "0 | 0",
        "1M | 1", "1m | 1", "1MB | 1", "1mb | 1",
        "1K | 1", "1k | 1", "1KB | 1", "1024K | 1", "1025K | 2", "1500K | 2", "0K | 0",
        "1G | 1024", "1g | 1024", "1GB | 1024", "16G | 16384", "2048G | 2097152",
        "1T | 1048576", "1t | 1048576", "1TB | 1048576",
    })
    void parsesLikeSbatchMem(String input, long mebibytes) {
        assertThat(MemorySize.parse(input).mebibytes()).isEqualTo(mebibytes);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1 | 1M", "1500 | 1500M", "1536 | 1536M", "1024 | 1G", "16384 | 16G", "2097152 | 2T",
        "1048575 | 1048575M", "1049600 | 1025G", "0 | 0",
    })
    void printsWithTheLargestExactUnit(long mebibytes, String printed) {
        assertThat(MemorySize.ofMebibytes(mebibytes)).hasToString(printed);
    }

    @Test
    void plainMebibytesForSinfoAndRealMemory() {
        assertThat(MemorySize.parse("16G").toMebibytesString()).isEqualTo("16384");
    }

    @Test
    void arithmeticAndOrder() {
        MemorySize a = MemorySize.parse("16G");
        MemorySize b = MemorySize.parse("512M");
        assertThat(a.plus(b)).hasToString("16896M");
        assertThat(a.minus(b).mebibytes()).isEqualTo(15872);
        assertThat(b.times(4)).isEqualTo(MemorySize.ofGibibytes(2));
        assertThat(a.compareTo(b)).isPositive();
        assertThat(a.min(b)).isEqualTo(b);
        assertThat(a.max(b)).isEqualTo(a);
        assertThatThrownBy(() -> b.minus(a)).isInstanceOf(IllegalArgumentException.class);
        assertThat(MemorySize.ofBytesRoundedUp(1)).isEqualTo(MemorySize.ofMebibytes(1));
        assertThat(MemorySize.ofGibibytes(1).bytes()).isEqualTo(1L << 30);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1.5G | Invalid memory size: 1.5G (expected a whole number with an optional unit K, M, G or T)",
        "-1 | Invalid memory size: -1 (expected a whole number with an optional unit K, M, G or T)",
        "abc | Invalid memory size: abc (expected a whole number with an optional unit K, M, G or T)",
        "1P | Invalid memory size: 1P (unknown unit 'P'; expected a whole number with an optional unit K, M, G or T)",
        "1GiB | Invalid memory size: 1GiB (expected a whole number with an optional unit K, M, G or T)",
        "1 G | Invalid memory size: 1 G (expected a whole number with an optional unit K, M, G or T)",
        "1Gx | Invalid memory size: 1Gx (expected a whole number with an optional unit K, M, G or T)",
        "'' | Invalid memory size:  (expected a whole number with an optional unit K, M, G or T)",
        "99999999999999999999 | Invalid memory size: 99999999999999999999 ('99999999999999999999' is too large)",
        "9999999999999999T | Invalid memory size: 9999999999999999T (value is too large)",
    })
    void rejectsWhatSbatchRejects(String input, String message) {
        assertThatThrownBy(() -> MemorySize.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }
}
