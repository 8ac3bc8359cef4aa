package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutputPatternTest {

    private final OutputPattern.Task task = new OutputPattern.Task(1234, 2, 7, 1, "gpu02", "alice", "train");

    @Test
    void expandsSrunsFilenamePatterns() {
        assertThat(new OutputPattern("out-%j.%s-%t.txt").expand(task)).isEqualTo("out-1234.2-7.txt");
        assertThat(new OutputPattern("%J_%N_%n_%u_%x").expand(task)).isEqualTo("1234.2_gpu02_1_alice_train");
        assertThat(new OutputPattern("task%3t.log").expand(task)).isEqualTo("task007.log");
        assertThat(new OutputPattern("100%%-%q").expand(task)).isEqualTo("100%-%q");
        assertThat(new OutputPattern("plain.log").expand(task)).isEqualTo("plain.log");
    }
}
