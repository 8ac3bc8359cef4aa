package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.step.TaskLayout.Distribution;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskLayoutTest {

    @Test
    void blockNumbersEachNodesTasksConsecutively() {
        TaskLayout layout = TaskLayout.of(List.of(4, 4), 4, 0, 1, Distribution.BLOCK);
        assertThat(layout.taskIds()).containsExactly(List.of(0, 1), List.of(2, 3));
    }

    @Test
    void cyclicDealsTasksRoundRobin() {
        TaskLayout layout = TaskLayout.of(List.of(4, 4), 4, 0, 1, Distribution.CYCLIC);
        assertThat(layout.taskIds()).containsExactly(List.of(0, 2), List.of(1, 3));
    }

    @Test
    void unevenCountsGoToTheFirstNodes() {
        assertThat(TaskLayout.of(List.of(8, 8), 3, 0, 1, Distribution.BLOCK).taskIds())
                .containsExactly(List.of(0, 1), List.of(2));
        assertThat(TaskLayout.of(List.of(8, 8, 8), 5, 0, 1, Distribution.CYCLIC).taskIds())
                .containsExactly(List.of(0, 3), List.of(1, 4), List.of(2));
    }

    @Test
    void cpusPerTaskLimitsHowManyTasksANodeTakes() {
        // 2 CPUs a task: the first node holds one task, the second three.
        TaskLayout layout = TaskLayout.of(List.of(2, 6), 4, 0, 2, Distribution.BLOCK);
        assertThat(layout.counts()).containsExactly(1, 3);
        assertThat(layout.taskIds()).containsExactly(List.of(0), List.of(1, 2, 3));
    }

    @Test
    void ntasksPerNodeFillsEachNodeWithThatMany() {
        assertThat(TaskLayout.of(List.of(1, 1), 6, 3, 1, Distribution.BLOCK).counts()).containsExactly(3, 3);
    }

    @Test
    void tasksThatDoNotFitAreRefused() {
        assertThatThrownBy(() -> TaskLayout.of(List.of(2, 2), 5, 0, 1, Distribution.BLOCK))
                .hasMessage("Requested node configuration is not available");
        assertThatThrownBy(() -> TaskLayout.of(List.of(4, 4, 4), 2, 0, 1, Distribution.BLOCK))
                .hasMessageContaining("more nodes (3) than tasks (2)");
    }

    @Test
    void distributionReadsTheFirstLevelOfTheOption() {
        assertThat(Distribution.parse("")).isEqualTo(Distribution.BLOCK);
        assertThat(Distribution.parse("cyclic:block")).isEqualTo(Distribution.CYCLIC);
        assertThat(Distribution.parse("BLOCK")).isEqualTo(Distribution.BLOCK);
        assertThatThrownBy(() -> Distribution.parse("plane=4")).hasMessageContaining("plane=4");
    }
}
