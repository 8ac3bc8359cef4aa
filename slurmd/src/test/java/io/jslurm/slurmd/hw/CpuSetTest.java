package io.jslurm.slurmd.hw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTest {

    @ParameterizedTest
    @ValueSource(strings = {"0", "0-3", "0-31,64-95", "1,3,5", "0-1,4,6-7", ""})
    void cpulistsPrintBackAsParsed(String list) {
        assertThat(CpuSet.parse(list)).hasToString(list);
    }

    @Test
    void adjacentIdsCollapseIntoRanges() {
        assertThat(CpuSet.parse("3,0,1,2,8")).hasToString("0-3,8");
        assertThat(CpuSet.of(5, 4, 6)).hasToString("4-6");
    }

    @Test
    void masksReadLowestCpuFromBitZeroOfWordZero() {
        CpuSet set = CpuSet.fromMaskWords(new long[] {0b1011L, 1L << 63, 1L});

        assertThat(set).hasToString("0-1,3,127-128");
        assertThat(set.size()).isEqualTo(5);
        assertThat(set.contains(127)).isTrue();
        assertThat(set.contains(2)).isFalse();
    }

    @Test
    void setOperations() {
        CpuSet a = CpuSet.parse("0-7");
        CpuSet b = CpuSet.parse("4-11");

        assertThat(a.union(b)).isEqualTo(CpuSet.parse("0-11"));
        assertThat(a.intersection(b)).isEqualTo(CpuSet.parse("4-7"));
    }

    @Test
    void rejectsMalformedLists() {
        assertThatThrownBy(() -> CpuSet.parse("0-")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.parse("7-3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("descending");
        assertThatThrownBy(() -> CpuSet.parse("a")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.of(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
