package io.jslurm.slurmctld.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExitCodeTest {

    @Test
    void printsStatusColonSignal() {
        assertThat(ExitCode.of(1, 0)).hasToString("1:0");
        assertThat(ExitCode.of(0, 9)).hasToString("0:9");
        assertThat(ExitCode.parse("2:15")).isEqualTo(new ExitCode(2, 15));
    }

    @Test
    void decodesWaitStatus() {
        assertThat(ExitCode.fromWaitStatus(3 << 8)).isEqualTo(ExitCode.of(3, 0));
        assertThat(ExitCode.fromWaitStatus(9)).isEqualTo(ExitCode.of(0, 9));
        assertThat(ExitCode.fromWaitStatus(0)).isSameAs(ExitCode.SUCCESS);
    }

    @Test
    void anExitStatusRanksAboveASignalAndAHigherStatusAboveALowerOne() {
        assertThat(ExitCode.worse(ExitCode.of(0, 9), ExitCode.of(1, 0))).isEqualTo(ExitCode.of(1, 0));
        assertThat(ExitCode.worse(ExitCode.of(3, 0), ExitCode.of(2, 0))).isEqualTo(ExitCode.of(3, 0));
        assertThat(ExitCode.worse(ExitCode.SUCCESS, ExitCode.of(0, 15))).isEqualTo(ExitCode.of(0, 15));
        assertThat(ExitCode.fromWaitStatus(ExitCode.of(7, 0).waitStatus())).isEqualTo(ExitCode.of(7, 0));
    }

    @Test
    void rejectsOutOfRange() {
        assertThatThrownBy(() -> ExitCode.of(256, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExitCode.parse("1")).isInstanceOf(IllegalArgumentException.class);
    }
}
