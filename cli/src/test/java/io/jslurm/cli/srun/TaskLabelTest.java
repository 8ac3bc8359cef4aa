package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TaskLabelTest {

    @Test
    void labelsAreAsWideAsTheHighestTaskId() {
        assertThat(TaskLabel.forTasks(4).prefix(3)).isEqualTo("3: ");
        assertThat(TaskLabel.forTasks(10).prefix(9)).isEqualTo("9: ");
        assertThat(TaskLabel.forTasks(16).prefix(3)).isEqualTo(" 3: ");
        assertThat(TaskLabel.forTasks(16).prefix(15)).isEqualTo("15: ");
        assertThat(TaskLabel.forTasks(1000).prefix(7)).isEqualTo("  7: ");
    }
}
