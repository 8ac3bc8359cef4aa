package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.step.StepAllocator.Ask;
import io.jslurm.slurmctld.step.StepAllocator.Busy;
import io.jslurm.slurmctld.step.StepAllocator.JobNode;
import io.jslurm.slurmctld.step.StepAllocator.NoMemory;
import io.jslurm.sched.model.MemoryRequest;
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
    void aStepWithoutExactHoldsEveryFreeCpuOfTheJobOnItsNodes() throws Exception {
        assertThat(StepAllocator.allocate(ask(List.of(1, 1), 1, false, false, ""), TWO_NODES, Map.of()))
                .containsExactly(new StepHold(4, List.of(0, 1)), new StepHold(4, List.of(2, 3)));
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, false, false, "1"), List.of(TWO_NODES.get(0)),
                Map.of("n1", new StepHold(1, List.of(0)))))
                .as("what another step holds is left out").containsExactly(new StepHold(3, List.of(1)));
    }

    @Test
    void aStepWithExactHoldsItsTasksCpus() throws Exception {
        assertThat(StepAllocator.allocate(ask(List.of(2, 1), 1, true, false, "1"), TWO_NODES, Map.of()))
                .containsExactly(new StepHold(2, List.of(0)), new StepHold(1, List.of()));
    }

    @Test
    void theSecondOneGpuStepInAOneGpuJobWaitsUntilTheFirstEnds() throws Exception {
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
    void anOverlappingStepTakesWhatItAsksWhateverOthersHold() throws Exception {
        Map<String, StepHold> everything = Map.of("n1", new StepHold(2, List.of(0)));
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, false, true, "1"), ONE_GPU, everything))
                .containsExactly(new StepHold(1, List.of(0)));
    }

    @Test
    void freeGpusGoFirstSoSideBySideStepsGetDifferentOnes() throws Exception {
        assertThat(StepAllocator.allocate(ask(List.of(1), 1, true, false, "1"), List.of(TWO_NODES.get(0)),
                Map.of("n1", new StepHold(1, List.of(0))))).containsExactly(new StepHold(1, List.of(1)));
    }

    @Test
    void moreGpusThanTheJobHoldsCanNeverFit() {
        assertThatThrownBy(() -> StepAllocator.allocate(ask(List.of(1), 1, true, false, "2"), ONE_GPU, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--gpus=2 needs 2 GPUs, the job holds 1 on the step's nodes");
    }

    /** A job of 4 CPUs and 4000M on one node, memory counted (CR_Core_Memory). */
    private static final List<JobNode> MEMORY_JOB = List.of(new JobNode("n1", 4, List.of(0, 1), 4000));

    private static Ask memoryAsk(int tasks, boolean exact, boolean overlap, MemoryRequest memory) {
        return new Ask(List.of(tasks), 1, exact, overlap, StepGpus.of(0, "", exact ? "1" : ""), memory);
    }

    @Test
    void aStepWithoutAMemoryAskHoldsNoneOfTheJobsMemory() throws Exception {
        assertThat(StepAllocator.allocate(memoryAsk(1, true, false, MemoryRequest.DEFAULT), MEMORY_JOB,
                Map.of("n1", new StepHold(1, List.of(0), 4000))))
                .as("all the job's memory held by another step, yet no wait").containsExactly(
                        new StepHold(1, List.of(1), 0));
    }

    @Test
    void memStepsTakeTheirMemoryAndWaitWhenTheJobsIsHeld() throws Exception {
        StepTable table = new StepTable();
        List<StepHold> first = StepAllocator.allocate(memoryAsk(1, true, false, new MemoryRequest.PerNode(3000)),
                MEMORY_JOB, table.busy(9));
        assertThat(first).containsExactly(new StepHold(1, List.of(0), 3000));
        table.hold(9, table.add(9, io.jslurm.protocol.proto.StepRecord.newBuilder()).getStepId(),
                Map.of("n1", first.get(0)));

        assertThatThrownBy(() -> StepAllocator.allocate(memoryAsk(1, true, false, new MemoryRequest.PerNode(2000)),
                MEMORY_JOB, table.busy(9))).isInstanceOf(Busy.class)
                .hasMessage("n1: 2000M of memory needed, 1000M of the job's 4000M free");
        assertThat(StepAllocator.allocate(memoryAsk(1, true, false, new MemoryRequest.PerNode(1000)), MEMORY_JOB,
                table.busy(9))).as("what is left fits").containsExactly(new StepHold(1, List.of(1), 1000));
        assertThat(StepAllocator.allocate(memoryAsk(1, true, true, new MemoryRequest.PerNode(2000)), MEMORY_JOB,
                table.busy(9))).as("--overlap shares memory too").containsExactly(new StepHold(1, List.of(1), 2000));
    }

    @Test
    void memPerCpuCountsTheCpusAndMemPerGpuTheGpus() throws Exception {
        assertThat(StepAllocator.allocate(memoryAsk(3, true, false, new MemoryRequest.PerCpu(1000)), MEMORY_JOB,
                Map.of())).containsExactly(new StepHold(3, List.of(0), 3000));
        assertThat(StepAllocator.allocate(new Ask(List.of(1), 1, true, false, StepGpus.of(0, "", "2"),
                new MemoryRequest.PerGpu(1500)), MEMORY_JOB, Map.of()))
                .containsExactly(new StepHold(1, List.of(0, 1), 3000));
        assertThat(StepAllocator.allocate(memoryAsk(1, false, false, new MemoryRequest.PerCpu(500)), MEMORY_JOB,
                Map.of("n1", new StepHold(1, List.of(), 3000))))
                .as("without --exact: the 3 free CPUs' worth, as far as the job's free 1000M go")
                .containsExactly(new StepHold(3, List.of(0, 1), 1000));
    }

    @Test
    void moreMemoryThanTheJobHoldsCanNeverFit() {
        assertThatThrownBy(() -> StepAllocator.allocate(memoryAsk(1, true, false, new MemoryRequest.PerNode(5000)),
                MEMORY_JOB, Map.of("n1", new StepHold(4, List.of(0, 1), 4000)))).isInstanceOf(NoMemory.class)
                .as("refused at once, not waited for").hasMessage("n1: 5000M needed, the job holds 4000M");
        assertThatThrownBy(() -> StepAllocator.allocate(memoryAsk(4, true, false, new MemoryRequest.PerCpu(1001)),
                MEMORY_JOB, Map.of())).isInstanceOf(NoMemory.class);
    }

    @Test
    void memoryIsNotCountedWhereTheJobHoldsNone() throws Exception {
        assertThat(StepAllocator.allocate(memoryAsk(1, true, false, new MemoryRequest.PerNode(5000)),
                List.of(new JobNode("n1", 4, List.of(0, 1))), Map.of()))
                .as("memory is not a consumable resource").containsExactly(new StepHold(1, List.of(0), 0));
    }
}
