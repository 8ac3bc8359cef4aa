package io.jslurm.common.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import org.junit.jupiter.api.Test;

class SizeFormatterTest {

    @Test
    void exactStepsUpOnlyWithoutLoss() {
        SizeFormatter exact = SizeFormatter.exact();
        assertThat(exact.format(2048, SizeUnit.M)).isEqualTo("2G");
        assertThat(exact.format(1500, SizeUnit.M)).isEqualTo("1500M");
        assertThat(exact.format(2076, SizeUnit.K)).isEqualTo("2076K");
        assertThat(exact.format(1048576, SizeUnit.K)).isEqualTo("1G");
        assertThat(exact.format(0, SizeUnit.K)).isEqualTo("0");
        assertThat(exact.format(MemorySize.parse("16G"))).isEqualTo("16G");
    }

    @Test
    void noConvertKeepsTheOriginalUnit() {
        assertThat(SizeFormatter.noConvert().format(2048, SizeUnit.M)).isEqualTo("2048M");
        assertThat(SizeFormatter.noConvert().format(5, SizeUnit.NONE)).isEqualTo("5");
    }

    @Test
    void fixedUnitUsesTwoDecimalsForFractions() {
        assertThat(SizeFormatter.in(SizeUnit.G).format(1536, SizeUnit.M)).isEqualTo("1.50G");
        assertThat(SizeFormatter.in(SizeUnit.G).format(2048, SizeUnit.M)).isEqualTo("2G");
        assertThat(SizeFormatter.in(SizeUnit.M).format(3, SizeUnit.G)).isEqualTo("3072M");
        assertThat(SizeFormatter.in(SizeUnit.G).format(1000, SizeUnit.K)).isEqualTo("0.00G");
        assertThat(SizeFormatter.in(SizeUnit.K).format(1, SizeUnit.M)).isEqualTo("1024K");
    }

    @Test
    void aggressiveStepsUpWhileAtLeast1024() {
        assertThat(SizeFormatter.aggressive().format(1536, SizeUnit.M)).isEqualTo("1.50G");
        assertThat(SizeFormatter.aggressive().format(1023, SizeUnit.M)).isEqualTo("1023M");
    }

    @Test
    void parsesUnitsOption() {
        assertThat(SizeUnit.parse("g")).isEqualTo(SizeUnit.G);
        assertThatThrownBy(() -> SizeUnit.parse("X")).isInstanceOf(InvalidValueException.class)
                .hasMessage("Invalid unit: X (expected one of K, M, G, T, P)");
    }
}
