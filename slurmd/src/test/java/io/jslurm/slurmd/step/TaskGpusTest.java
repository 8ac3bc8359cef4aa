package io.jslurm.slurmd.step;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.gres.GpuBind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskGpusTest {

    private static final List<Integer> STEP = List.of(2, 3, 5, 7);

    private static List<Integer> visible(String bind, boolean confined, int localId) {
        TaskGpus gpus = TaskGpus.select(STEP, confined, GpuBind.parse(bind), localId, 4);
        return gpus.visible(STEP, confined);
    }

    @Test
    void perTaskDealsTheStepsGpusInOrder() {
        assertThat(visible("per_task:2", false, 0)).containsExactly(2, 3);
        assertThat(visible("per_task:2", false, 1)).containsExactly(5, 7);
        assertThat(visible("per_task:1", true, 3)).containsExactly(3);
    }

    @Test
    void perTaskWrapsRoundWhenTasksNeedMoreThanTheStepHolds() {
        assertThat(visible("per_task:2", false, 2)).containsExactly(2, 3);
        assertThat(visible("per_task:3", false, 1)).containsExactly(2, 3, 7);
    }

    @Test
    void noneAndClosestWithoutKnownAffinitiesLeaveEveryGpuToEveryTask() {
        assertThat(visible("none", false, 1)).containsExactly(2, 3, 5, 7);
        assertThat(visible("closest", true, 1)).containsExactly(0, 1, 2, 3);
    }

    /** GPUs 2 and 3 sit by socket 0 (CPUs 0-7), 5 and 7 by socket 1 (CPUs 8-15); GPU 9 is not the step's. */
    private static final GpuAffinity TWO_SOCKETS = new GpuAffinity(Map.of(2, IdSet.parse("0-7"), 3,
            IdSet.parse("0-7"), 5, IdSet.parse("8-15"), 7, IdSet.parse("8-15"), 9, IdSet.parse("16-23")),
            List.of(IdSet.parse("0-7"), IdSet.parse("8-15"), IdSet.parse("16-23")));

    @Test
    void closestDealsTasksOverTheSocketsNearTheStepsGpus() {
        GpuBind closest = GpuBind.parse("closest");
        // Sockets 0 and 1 hold the step's GPUs, socket 2 none: tasks go 0, 1, 0, 1.
        assertThat(TaskGpus.select(STEP, false, closest, 0, 4, TWO_SOCKETS).global(STEP)).containsExactly(2, 3);
        assertThat(TaskGpus.select(STEP, false, closest, 1, 4, TWO_SOCKETS).global(STEP)).containsExactly(5, 7);
        assertThat(TaskGpus.select(STEP, true, closest, 2, 4, TWO_SOCKETS).visible(STEP, true)).containsExactly(0, 1);
        // A step holding GPUs of one socket keeps every task there.
        List<Integer> oneSocket = List.of(5, 7);
        assertThat(TaskGpus.select(oneSocket, false, closest, 0, 2, TWO_SOCKETS).global(oneSocket))
                .containsExactly(5, 7);
        assertThat(TaskGpus.select(oneSocket, false, closest, 1, 2, TWO_SOCKETS).global(oneSocket))
                .containsExactly(5, 7);
    }

    @Test
    void aGpuCloseToBothSocketsServesEither() {
        GpuAffinity spanning = new GpuAffinity(Map.of(2, IdSet.parse("0-15"), 3, IdSet.parse("8-15")),
                List.of(IdSet.parse("0-7"), IdSet.parse("8-15")));
        List<Integer> step = List.of(2, 3);
        GpuBind closest = GpuBind.parse("closest");
        assertThat(TaskGpus.select(step, false, closest, 0, 2, spanning).global(step)).containsExactly(2);
        assertThat(TaskGpus.select(step, false, closest, 1, 2, spanning).global(step)).containsExactly(2, 3);
    }

    @Test
    void mapGpuNamesNodeIndicesUnconfinedAndStepPositionsConfined() {
        assertThat(visible("map_gpu:7,2", false, 0)).containsExactly(7);
        assertThat(visible("map_gpu:7,2", false, 1)).containsExactly(2);
        assertThat(visible("map_gpu:7,2", false, 2)).containsExactly(7);
        assertThat(visible("map_gpu:3,1", true, 0)).containsExactly(3);
        TaskGpus gpus = TaskGpus.select(STEP, true, GpuBind.parse("map_gpu:3,1"), 0, 4);
        assertThat(gpus.global(STEP)).containsExactly(7);
    }

    @Test
    void maskGpuSetsEveryNamedGpu() {
        assertThat(visible("mask_gpu:0x84,0x8", false, 0)).containsExactly(2, 7);
        assertThat(visible("mask_gpu:0x84,0x8", false, 1)).containsExactly(3);
        assertThat(visible("mask_gpu:0x5", true, 0)).containsExactly(0, 2);
    }

    @Test
    void aBindingOutsideTheStepFallsBackToItsFirstGpuWithAWarning() {
        TaskGpus gpus = TaskGpus.select(STEP, false, GpuBind.parse("map_gpu:0"), 1, 4);
        assertThat(gpus.visible(STEP, false)).containsExactly(2);
        assertThat(gpus.warning()).hasValueSatisfying(w -> assertThat(w)
                .contains("does not specify any devices within the allocation for task 1"));
    }

    @Test
    void aStepOfOneTaskIsNeverBound() {
        TaskGpus gpus = TaskGpus.select(STEP, false, GpuBind.parse("map_gpu:5"), 0, 1);
        assertThat(gpus.visible(STEP, false)).containsExactly(2, 3, 5, 7);
    }

    @Test
    void verboseLineSaysWhatTheTaskGot() {
        TaskGpus gpus = TaskGpus.select(STEP, true, GpuBind.parse("verbose,per_task:1"), 1, 4);
        assertThat(gpus.verboseLine(STEP, true, 1)).isEqualTo(
                "gpu-bind: usable_gres=0x8; bit_alloc=0xac; local_inx=1; global_list=3; local_list=1");
    }
}
