package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.hw.CpuTopology;
import io.jslurm.slurmd.hw.Fixtures;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import io.jslurm.slurmd.step.GpuAffinity;
import java.util.List;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NodeGpusTest {
    /** Two sockets of 32 cores with two threads each: core 0 runs CPUs 0 and 64. */
    private static final CpuTopology TOPOLOGY = new NodeHardwareProbe(Fixtures.host(Fixtures.DUAL_SOCKET_SMT), 4096,
            Path.of("/nonexistent")).probe().topology();

    @Test
    void gpusComeFromGresConfFilesWhenNvmlFindsNone() {
        var config = Configs.load("ClusterName=c\nSlurmctldHost=ctl\nGresTypes=gpu\nNodeName=g1 Gres=gpu:a100:2\n",
                "NodeName=g1 Name=gpu Type=a100 File=/dev/nvidia[0-1] Cores=0-7\n");

        var gpus = NodeGpus.of(new GpuDetection.NoLibrary("none"), config.gres(), "g1", TOPOLOGY);

        // Cores 0-7 are CPUs 0-7 and their second threads 64-71.
        assertThat(gpus).extracting(gpu -> gpu.getIndex() + " " + gpu.getType() + " " + gpu.getDeviceFile()
                        + " " + gpu.getCpuAffinity())
                .containsExactly("0 a100 /dev/nvidia0 0-7,64-71", "1 a100 /dev/nvidia1 0-7,64-71");
        assertThat(NodeGpus.deviceFile(gpus, 1)).contains(Path.of("/dev/nvidia1"));
        assertThat(NodeGpus.of(new GpuDetection.NoLibrary("none"), config.gres(), "g2", TOPOLOGY)).isEmpty();
    }

    /**
     * gres.conf puts GPUs 0-1 by socket 0's cores and 2-3 by socket 1's: with --gpu-bind=closest a step of four
     * tasks holding all four GPUs gives tasks 0 and 2 the first pair and tasks 1 and 3 the second.
     */
    @Test
    void closestReadsGresConfCores() {
        var config = Configs.load("ClusterName=c\nSlurmctldHost=ctl\nGresTypes=gpu\nNodeName=g1 Gres=gpu:4\n",
                "NodeName=g1 Name=gpu File=/dev/nvidia[0-1] Cores=0-31\n"
                        + "NodeName=g1 Name=gpu File=/dev/nvidia[2-3] Cores=32-63\n");
        GpuAffinity affinity = GpuAffinity.of(NodeGpus.of(new GpuDetection.NoLibrary("none"), config.gres(), "g1",
                TOPOLOGY), TOPOLOGY);
        List<Integer> step = List.of(0, 1, 2, 3);

        assertThat(affinity.closest(step, 0)).contains(List.of(0, 1));
        assertThat(affinity.closest(step, 1)).contains(List.of(2, 3));
        assertThat(affinity.closest(step, 2)).contains(List.of(0, 1));
        // A step holding GPUs 2 and 3 only (positions 0 and 1) keeps both its tasks on socket 1.
        assertThat(affinity.closest(List.of(2, 3), 0)).contains(List.of(0, 1));
        assertThat(affinity.closest(List.of(2, 3), 1)).contains(List.of(0, 1));
        // Without Cores= nothing is known.
        var plain = Configs.load("ClusterName=c\nSlurmctldHost=ctl\nGresTypes=gpu\nNodeName=g1 Gres=gpu:2\n",
                "NodeName=g1 Name=gpu File=/dev/nvidia[0-1]\n");
        assertThat(GpuAffinity.of(NodeGpus.of(new GpuDetection.NoLibrary("none"), plain.gres(), "g1", TOPOLOGY),
                TOPOLOGY).closest(List.of(0, 1), 1)).isEmpty();
    }
}
