package io.jslurm.slurmdbd.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExitCodeTest {

    @Test
    void printsCodeColonSignalAndParsesItBack() {
        assertThat(new ExitCode(1, 0)).hasToString("1:0");
        assertThat(ExitCode.parse("0:9")).isEqualTo(new ExitCode(0, 9));
    }

    @Test
    void rejectsWhatNoProcessCanExitWith() {
        assertThatThrownBy(() -> new ExitCode(256, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExitCode.parse("3")).isInstanceOf(IllegalArgumentException.class);
    }
}
