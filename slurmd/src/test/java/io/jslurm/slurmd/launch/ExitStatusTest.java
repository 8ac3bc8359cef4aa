package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExitStatusTest {
    @Test
    void printsAsSlurmsExitCode() {
        assertThat(new ExitStatus(3, 0)).hasToString("3:0");
        assertThat(new ExitStatus(0, 9)).hasToString("0:9");
    }

    @Test
    void readsTheWrappersStatusLine() {
        assertThat(ExitStatus.parse("137 0\n")).isEqualTo(new ExitStatus(137, 0));
        assertThat(ExitStatus.parse("0 15")).isEqualTo(new ExitStatus(0, 15));
        assertThatThrownBy(() -> ExitStatus.parse("garbage")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("garbage");
    }

    @Test
    void aSignalledProcessHasNoExitCode() {
        assertThatThrownBy(() -> new ExitStatus(1, 9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ExitStatus(256, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void finalStateFollowsSlurmsPrecedence() {
        ExitStatus ok = new ExitStatus(0, 0);
        ExitStatus killed = new ExitStatus(0, 9);
        assertThat(JobState.ended(null, false, ok)).isEqualTo(JobState.COMPLETED);
        assertThat(JobState.ended(null, false, new ExitStatus(2, 0))).isEqualTo(JobState.FAILED);
        assertThat(JobState.ended(null, false, killed)).isEqualTo(JobState.FAILED);
        assertThat(JobState.ended(null, true, killed)).isEqualTo(JobState.OUT_OF_MEMORY);
        assertThat(JobState.ended(JobState.TIMEOUT, true, killed)).isEqualTo(JobState.TIMEOUT);
        assertThat(JobState.ended(JobState.CANCELLED, false, ok)).isEqualTo(JobState.CANCELLED);
    }
}
