package io.jslurm.slurmd.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class GresSummaryTest {

    private static GpuDevice gpu(int index, String name) {
        return new GpuDevice(index, name, GpuType.fromNvmlName(name), "GPU-" + index, index,
                GpuDevice.deviceFileOf(index), new PciBusId(0, index + 1, 0, 0), IdSet.empty(), new TreeMap<>(), 0);
    }

    @Test
    void countsEachTypeInDetectionOrder() {
        List<GpuDevice> gpus = List.of(gpu(0, "NVIDIA L4"), gpu(1, "NVIDIA H200"), gpu(2, "NVIDIA L4"));

        assertThat(GresSummary.of(gpus)).isEqualTo("gpu:nvidia_l4:2,gpu:nvidia_h200:1");
    }

    @Test
    void noGpusIsEmpty() {
        assertThat(GresSummary.of(List.of())).isEmpty();
    }
}
