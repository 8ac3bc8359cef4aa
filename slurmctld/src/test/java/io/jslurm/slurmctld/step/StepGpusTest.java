package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StepGpusTest {

    private static final List<String> TWO_NODES = List.of("n1", "n2");
    private static final List<List<Integer>> JOB = List.of(List.of(4, 5, 6), List.of(0, 1, 2));

    @Test
    void withoutAGpuOptionTheStepHoldsTheJobsGpus() {
        assertThat(StepGpus.of(0, "", "").choose(JOB, List.of(1, 1), TWO_NODES)).isEqualTo(JOB);
        // --gres naming something else leaves the GPUs alone.
        assertThat(StepGpus.of(0, "nic:1", "").choose(JOB, List.of(1, 1), TWO_NODES)).isEqualTo(JOB);
    }

    @Test
    void gresGivesThatManyOnEveryNodeLowestFirst() {
        assertThat(StepGpus.of(0, "gpu:1", "").choose(JOB, List.of(2, 2), TWO_NODES))
                .containsExactly(List.of(4), List.of(0));
        assertThat(StepGpus.of(0, "gpu:a100:2", "").choose(JOB, List.of(2, 2), TWO_NODES))
                .containsExactly(List.of(4, 5), List.of(0, 1));
    }

    @Test
    void gpusAreDealtOverTheNodesInTurn() {
        assertThat(StepGpus.of(0, "", "1").choose(JOB, List.of(1, 1), TWO_NODES))
                .containsExactly(List.of(4), List.of());
        assertThat(StepGpus.of(0, "", "gpu:3").choose(JOB, List.of(1, 1), TWO_NODES))
                .containsExactly(List.of(4, 5), List.of(0));
        // A node with none of the job's GPUs left is skipped.
        assertThat(StepGpus.of(0, "", "4").choose(List.of(List.of(7), List.of(0, 1, 2)), List.of(1, 1), TWO_NODES))
                .containsExactly(List.of(7), List.of(0, 1, 2));
    }

    @Test
    void gpusPerTaskCountsTheNodesTasks() {
        assertThat(StepGpus.of(1, "", "").choose(JOB, List.of(2, 1), TWO_NODES))
                .containsExactly(List.of(4, 5), List.of(0));
    }

    @Test
    void gpusTheJobsRunningStepsHoldAreTakenLast() {
        Map<String, Set<Integer>> busy = Map.of("n1", Set.of(4), "n2", Set.of(0, 1));
        assertThat(StepGpus.of(0, "gpu:1", "").choose(JOB, List.of(1, 1), TWO_NODES, busy))
                .containsExactly(List.of(5), List.of(2));
        // More than the free ones: the busy ones are shared, and the step's GPUs stay in index order.
        assertThat(StepGpus.of(0, "gpu:2", "").choose(JOB, List.of(1, 1), TWO_NODES, busy))
                .containsExactly(List.of(5, 6), List.of(0, 2));
        // Without a GPU option the step holds all the job's GPUs, busy or not.
        assertThat(StepGpus.of(0, "", "").choose(JOB, List.of(1, 1), TWO_NODES, busy)).isEqualTo(JOB);
    }

    @Test
    void moreThanTheJobHoldsIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> StepGpus.of(0, "gpu:4", "").choose(JOB, List.of(1, 1), TWO_NODES))
                .hasMessage("--gres=gpu:4 needs 4 GPUs on n1, the job holds 3");
        assertThatThrownBy(() -> StepGpus.of(2, "", "").choose(JOB, List.of(1, 2), TWO_NODES))
                .hasMessage("--gpus-per-task=2 needs 4 GPUs on n2, the job holds 3");
        assertThatThrownBy(() -> StepGpus.of(0, "", "7").choose(JOB, List.of(1, 1), TWO_NODES))
                .hasMessage("--gpus=7 needs 7 GPUs, the job holds 6 on the step's nodes");
        assertThatThrownBy(() -> StepGpus.of(0, "", "x")).isInstanceOf(IllegalArgumentException.class);
    }
}
