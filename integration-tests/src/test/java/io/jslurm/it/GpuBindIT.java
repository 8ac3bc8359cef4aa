package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Binding each task of a step to its own GPUs on a node with four stand-in GPUs (slurm-local confines devices, so
 * a task's CUDA_VISIBLE_DEVICES counts within the step's GPUs, while SLURM_STEP_GPUS names the node's).
 */
class GpuBindIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 4, false));

    private static final String PRINT = "echo $SLURM_PROCID $CUDA_VISIBLE_DEVICES $SLURM_STEP_GPUS $GPU_DEVICE_ORDINAL";

    /** Each task's line: procid -> [CUDA_VISIBLE_DEVICES, SLURM_STEP_GPUS, GPU_DEVICE_ORDINAL]. */
    private static Map<Integer, List<String>> srun(String... options) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of(options));
        args.addAll(List.of("bash", "-c", PRINT));
        Distribution.Result run = CLUSTER.get().run("srun", args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<Integer, List<String>> tasks = new TreeMap<>();
        run.stdout().lines().map(line -> line.split(" ")).forEach(f -> tasks.put(Integer.parseInt(f[0]),
                List.of(f).subList(1, f.length)));
        return tasks;
    }

    @Test
    void gpusPerTaskGivesEachTaskItsOwnGpu() throws Exception {
        Map<Integer, List<String>> tasks = srun("-n2", "--gpus-per-task=1");
        assertThat(tasks).containsOnlyKeys(0, 1);
        assertThat(tasks.get(0).get(0)).isEqualTo("0");
        assertThat(tasks.get(1).get(0)).isEqualTo("1");
        assertThat(tasks.get(0).get(2)).isEqualTo("0");
        assertThat(tasks.get(0).get(1)).matches("\\d").isNotEqualTo(tasks.get(1).get(1));
    }

    @Test
    void gpuBindNoneGivesBothTasksBothGpus() throws Exception {
        Map<Integer, List<String>> tasks = srun("-n2", "--gpus-per-task=1", "--gpu-bind=none");
        assertThat(tasks.get(0).get(0)).isEqualTo("0,1");
        assertThat(tasks.get(1).get(0)).isEqualTo("0,1");
        assertThat(tasks.get(0).get(1)).matches("\\d,\\d").isEqualTo(tasks.get(1).get(1));
    }

    @Test
    void mapGpuAndPerTaskPickWhatTheyName() throws Exception {
        Map<Integer, List<String>> mapped = srun("-n2", "--gpus-per-task=1", "--gpu-bind=map_gpu:1,0");
        assertThat(mapped.get(0).get(0)).isEqualTo("1");
        assertThat(mapped.get(1).get(0)).isEqualTo("0");
        Map<Integer, List<String>> pairs = srun("-n2", "--gres=gpu:4", "--gpu-bind=per_task:2");
        assertThat(pairs.get(0).get(0)).isEqualTo("0,1");
        assertThat(pairs.get(1).get(0)).isEqualTo("2,3");
    }

    @Test
    void anUnreadableBindingIsRefused() throws Exception {
        Distribution.Result run = CLUSTER.get().run("srun", "-n2", "--gpu-bind=bogus", "true");
        assertThat(run.exitCode()).isEqualTo(255);
        assertThat(run.stderr()).contains("srun: error: Invalid --gpu-bind argument: gpu:bogus");
    }
}
