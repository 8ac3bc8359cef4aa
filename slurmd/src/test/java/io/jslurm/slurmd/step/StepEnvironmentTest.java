package io.jslurm.slurmd.step;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepEnvironmentTest {

    private static StepLayout layout(int gpusPerTask, List<List<Integer>> tasks, List<List<Integer>> gpus) {
        StepLayout.Builder b = StepLayout.newBuilder().setJobId(42).setStepId(3).setNodeList("n[1-3]")
                .setGpusPerTask(gpusPerTask).setCpusPerTask(2)
                .setNtasks(tasks.stream().mapToInt(List::size).sum());
        for (int n = 0; n < tasks.size(); n++) {
            b.addNodes(StepNode.newBuilder().setNodeName("n" + (n + 1)).addAllTaskIds(tasks.get(n))
                    .addAllGpuIndices(gpus.get(n)));
        }
        return b.build();
    }

    @Test
    void eachTaskLearnsItsIdsAndTheStepsShape() {
        StepLayout step = layout(0, List.of(List.of(0, 1), List.of(2, 3), List.of(4)),
                List.of(List.of(), List.of(), List.of()));
        Map<String, String> env = StepEnvironment.forTask(step, 1, 1, Map.of("HOME", "/home/u"));
        assertThat(env).containsEntry("HOME", "/home/u")
                .containsEntry("SLURM_JOB_ID", "42")
                .containsEntry("SLURM_STEP_ID", "3").containsEntry("SLURM_STEPID", "3")
                .containsEntry("SLURM_PROCID", "3").containsEntry("SLURM_LOCALID", "1")
                .containsEntry("SLURM_NODEID", "1").containsEntry("SLURMD_NODENAME", "n2")
                .containsEntry("SLURM_STEP_NODELIST", "n[1-3]").containsEntry("SLURM_STEP_NUM_NODES", "3")
                .containsEntry("SLURM_STEP_NUM_TASKS", "5").containsEntry("SLURM_NTASKS", "5")
                .containsEntry("SLURM_NPROCS", "5").containsEntry("SLURM_STEP_TASKS_PER_NODE", "2(x2),1")
                .containsEntry("SLURM_CPUS_PER_TASK", "2")
                .doesNotContainKey("CUDA_VISIBLE_DEVICES");
    }

    @Test
    void tasksPerNodeIsRunLengthCompressed() {
        assertThat(StepEnvironment.tasksPerNode(layout(0, List.of(List.of(0), List.of(1), List.of(2, 3)),
                List.of(List.of(), List.of(), List.of())))).isEqualTo("1(x2),2");
        assertThat(StepEnvironment.tasksPerNode(layout(0, List.of(List.of(0, 1, 2)), List.of(List.of()))))
                .isEqualTo("3");
    }

    @Test
    void gpusPerTaskGivesEachTaskItsOwnGpus() {
        StepLayout step = layout(2, List.of(List.of(0, 1)), List.of(List.of(4, 5, 6, 7)));
        assertThat(StepEnvironment.forTask(step, 0, 0, Map.of())).containsEntry("CUDA_VISIBLE_DEVICES", "4,5");
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of())).containsEntry("CUDA_VISIBLE_DEVICES", "6,7");
    }

    @Test
    void aStepWithoutGpusOnANodeDropsTheJobsGpuVariables() {
        StepLayout step = layout(0, List.of(List.of(0), List.of(1)), List.of(List.of(3), List.of()));
        Map<String, String> job = Map.of("SLURM_JOB_GPUS", "3,4", "CUDA_VISIBLE_DEVICES", "0,1",
                "GPU_DEVICE_ORDINAL", "0,1");
        assertThat(StepEnvironment.forTask(step, 0, 0, job, true)).containsEntry("CUDA_VISIBLE_DEVICES", "0");
        assertThat(StepEnvironment.forTask(step, 1, 0, job, true)).doesNotContainKeys("CUDA_VISIBLE_DEVICES",
                "GPU_DEVICE_ORDINAL", "SLURM_STEP_GPUS");
        // Outside a GPU job the user's own setting stays.
        assertThat(StepEnvironment.forTask(step, 1, 0, Map.of("CUDA_VISIBLE_DEVICES", "7"), true))
                .containsEntry("CUDA_VISIBLE_DEVICES", "7");
    }

    @Test
    void withoutGpusPerTaskEveryTaskSeesTheStepsGpus() {
        StepLayout step = layout(0, List.of(List.of(0, 1)), List.of(List.of(0, 1)));
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of())).containsEntry("CUDA_VISIBLE_DEVICES", "0,1");
    }

    @Test
    void confinedStepSeesItsGpusNumberedFromZero() {
        StepLayout step = layout(0, List.of(List.of(0, 1)), List.of(List.of(5, 7)));
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), true))
                .containsEntry("CUDA_VISIBLE_DEVICES", "0,1").containsEntry("GPU_DEVICE_ORDINAL", "0,1")
                .containsEntry("SLURM_STEP_GPUS", "5,7");
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), false))
                .containsEntry("CUDA_VISIBLE_DEVICES", "5,7").containsEntry("SLURM_STEP_GPUS", "5,7");
    }

    @Test
    void confinedGpusPerTaskDealsTheStepsRenumberedGpus() {
        StepLayout step = layout(2, List.of(List.of(0, 1)), List.of(List.of(4, 5, 6, 7)));
        assertThat(StepEnvironment.forTask(step, 0, 0, Map.of(), true)).containsEntry("CUDA_VISIBLE_DEVICES", "0,1");
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), true)).containsEntry("CUDA_VISIBLE_DEVICES", "2,3");
    }

    @Test
    void explicitGpuBindOverridesGpusPerTask() {
        StepLayout step = layout(1, List.of(List.of(0, 1)), List.of(List.of(4, 6)));
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), false,
                java.util.Optional.of(io.jslurm.common.gres.GpuBind.parse("none"))))
                .containsEntry("CUDA_VISIBLE_DEVICES", "4,6").containsEntry("SLURM_STEP_GPUS", "4,6");
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), true,
                java.util.Optional.of(io.jslurm.common.gres.GpuBind.parse("map_gpu:0"))))
                .containsEntry("CUDA_VISIBLE_DEVICES", "0").containsEntry("SLURM_STEP_GPUS", "4");
    }

    @Test
    void boundTaskSeesOnlyItsOwnGpusInSlurmStepGpus() {
        StepLayout step = layout(1, List.of(List.of(0, 1)), List.of(List.of(4, 6)));
        assertThat(StepEnvironment.forTask(step, 0, 1, Map.of(), true))
                .containsEntry("CUDA_VISIBLE_DEVICES", "1").containsEntry("GPU_DEVICE_ORDINAL", "1")
                .containsEntry("SLURM_STEP_GPUS", "6");
    }
}
