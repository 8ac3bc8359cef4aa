package io.jslurm.slurmd.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GpuTypeTest {

    @ParameterizedTest
    @CsvSource({
        "NVIDIA H200, nvidia_h200",
        "NVIDIA H100 80GB HBM3, nvidia_h100_80gb_hbm3",
        "NVIDIA A100-SXM4-80GB, nvidia_a100-sxm4-80gb",
        "Tesla V100-SXM2-32GB, tesla_v100-sxm2-32gb",
        "NVIDIA GeForce RTX 2060, nvidia_geforce_rtx_2060",
        "NVIDIA L4, nvidia_l4",
    })
    void typeIsTheNvmlNameLowerCasedWithUnderscoresForSpaces(String nvmlName, String type) {
        assertThat(GpuType.fromNvmlName(nvmlName).value()).isEqualTo(type);
    }

    @Test
    void configuredTypesMatchAsCaseInsensitiveSubstrings() {
        GpuType detected = GpuType.fromNvmlName("NVIDIA A100-SXM4-80GB");

        assertThat(detected.matchesConfigured("a100")).isTrue();
        assertThat(detected.matchesConfigured("A100")).isTrue();
        assertThat(detected.matchesConfigured("nvidia_a100-sxm4-80gb")).isTrue();
        assertThat(detected.matchesConfigured("h100")).isFalse();
        assertThat(detected.matchesConfigured("")).isFalse();
    }

    @Test
    void typesCannotCarryGresSeparators() {
        assertThatThrownBy(() -> new GpuType("a:b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GpuType.fromNvmlName("  ")).isInstanceOf(IllegalArgumentException.class);
    }
}
