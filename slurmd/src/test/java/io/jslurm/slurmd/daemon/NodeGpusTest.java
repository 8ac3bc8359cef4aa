package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmd.gpu.GpuDetection;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NodeGpusTest {
    @Test
    void gpusComeFromGresConfFilesWhenNvmlFindsNone() {
        var config = Configs.load("ClusterName=c\nSlurmctldHost=ctl\nGresTypes=gpu\nNodeName=g1 Gres=gpu:a100:2\n",
                "NodeName=g1 Name=gpu Type=a100 File=/dev/nvidia[0-1] Cores=0-7\n");

        var gpus = NodeGpus.of(new GpuDetection.NoLibrary("none"), config.gres(), "g1");

        assertThat(gpus).extracting(gpu -> gpu.getIndex() + " " + gpu.getType() + " " + gpu.getDeviceFile()
                        + " " + gpu.getCpuAffinity())
                .containsExactly("0 a100 /dev/nvidia0 0-7", "1 a100 /dev/nvidia1 0-7");
        assertThat(NodeGpus.deviceFile(gpus, 1)).contains(Path.of("/dev/nvidia1"));
        assertThat(NodeGpus.of(new GpuDetection.NoLibrary("none"), config.gres(), "g2")).isEmpty();
    }
}
