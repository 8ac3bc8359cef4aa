package io.jslurm.slurmd.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PciBusIdTest {

    @Test
    void nvmlAndSysfsSpellingsAreTheSameAddress() {
        assertThat(PciBusId.parse("00000000:3b:00.0")).isEqualTo(PciBusId.parse("0000:3B:00.0"));
        assertThat(PciBusId.parse("3b:00.0")).isEqualTo(new PciBusId(0, 0x3b, 0, 0));
    }

    @Test
    void printsInNvmlForm() {
        assertThat(PciBusId.parse("0001:c1:1f.7")).hasToString("00000001:C1:1F.7");
    }

    @Test
    void rejectsWhatIsNotAnAddress() {
        assertThatThrownBy(() -> PciBusId.parse("GPU-1234")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GPU-1234");
        assertThatThrownBy(() -> PciBusId.parse("0000:18:00.9")).isInstanceOf(IllegalArgumentException.class);
    }
}
