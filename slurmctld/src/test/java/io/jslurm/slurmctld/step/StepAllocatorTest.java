package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.step.StepAllocator.Ask;
import io.jslurm.slurmctld.step.StepAllocator.Busy;
import io.jslurm.slurmctld.step.StepAllocator.JobNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepAllocatorTest {
    private static final List<JobNode> ONE_GPU = List.of(new JobNode("n1", 2, List.of(0)));
    private static final List<JobNode> TWO_NODES = List.of(new JobNode("n1", 4, List.of(0, 1)),
            new JobNode("n2", 4, List.of(2, 3)));

    private static Ask ask(List<Integer> tasks, int cpusPerTask, boolean exact, boolean overlap, String gpus) {
        return new Ask(tasks, cpusPerTask, exact, overlap, StepGpus.of(0, "", gpus));
    }

    @Test
    void aStepWithoutExactHoldsEveryFreeCpuOfTheJobOnItsNodes() throws Busy {
        assertThat(StepAllocator.allocate(ask(List.of(1, 1), 1, false, false, ""), TWO_NODES, Map.of()))
                .containsExactly(new StepHold(4, List.of(0, 1)), new StepHold(4, List.of(2, 3)));
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, false, false, "1"), List.of(TWO_NODES.get(0)),
                Map.of("n1", new StepHold(1, List.of(0)))))
                .as("what another step holds is left out").containsExactly(new StepHold(3, List.of(1)));
    }

    @Test
    void aStepWithExactHoldsItsTasksCpus() throws Busy {
        assertThat(StepAllocator.allocate(ask(List.of(2, 1), 1, true, false, "1"), TWO_NODES, Map.of()))
                .containsExactly(new StepHold(2, List.of(0)), new StepHold(1, List.of()));
    }

    @Test
    void theSecondOneGpuStepInAOneGpuJobWaitsUntilTheFirstEnds() throws Busy {
        StepTable table = new StepTable();
        List<StepHold> first = StepAllocator.allocate(ask(List.of(1), 1, true, false, "1"), ONE_GPU,
                table.busy(5));
        int stepId = table.add(5, io.jslurm.protocol.proto.StepRecord.newBuilder()).getStepId();
        table.hold(5, stepId, Map.of("n1", first.get(0)));

        assertThatThrownBy(() -> StepAllocator.allocate(ask(List.of(1), 1, true, false, "1"), ONE_GPU,
                table.busy(5))).isInstanceOf(Busy.class).hasMessage("n1: GPUs [0] held by another step");

        table.finish(5, stepId, 0, 0, "COMPLETED", 10);
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, true, false, "1"), ONE_GPU, table.busy(5)))
                .containsExactly(new StepHold(1, List.of(0)));
    }

    @Test
    void stepsWaitForCpusOtherStepsHold() {
        assertThatThrownBy(() -> StepAllocator.allocate(ask(List.of(1), 1, false, false, ""),
                List.of(new JobNode("n1", 2, List.of())), Map.of("n1", new StepHold(2, List.of()))))
                .isInstanceOf(Busy.class).hasMessage("n1: 1 CPUs needed, 0 of the job's 2 free");
        assertThatThrownBy(() -> StepAllocator.allocate(ask(List.of(2), 1, true, false, ""),
                List.of(new JobNode("n1", 2, List.of())), Map.of("n1", new StepHold(1, List.of()))))
                .isInstanceOf(Busy.class);
    }

    @Test
    void anOverlappingStepTakesWhatItAsksWhateverOthersHold() throws Busy {
        Map<String, StepHold> everything = Map.of("n1", new StepHold(2, List.of(0)));
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, false, true, "1"), ONE_GPU, everything))
                .containsExactly(new StepHold(1, List.of(0)));
    }

    @Test
    void freeGpusGoFirstSoSideBySideStepsGetDifferentOnes() throws Busy {
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, true, false, "1"), List.of(TWO_NODES.get(0)),
                Map.of("n1", new StepHold(1, List.of(0))))).containsExactly(new StepHold(1, List.of(1)));
    }

    @Test
    void moreGpusThanTheJobHoldsCanNeverFit() {
        assertThatThrownBy(() -> StepAllocator.allocate(ask(List.of(1), 1, true, false, "2"), ONE_GPU, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--gpus=2 needs 2 GPUs, the job holds 1 on the step's nodes");
    }
}
