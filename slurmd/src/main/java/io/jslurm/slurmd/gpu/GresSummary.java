package io.jslurm.slurmd.gpu;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The GRES string for detected GPUs, by type in detection order: {@code gpu:nvidia_h200:8}. */
public final class GresSummary {
    private GresSummary() {
    }

    /** {@code gpu:<type>:<count>} per type, comma separated; empty when there are no GPUs. */
    public static String of(List<GpuDevice> gpus) {
        Map<GpuType, Integer> counts = new LinkedHashMap<>();
        gpus.forEach(gpu -> counts.merge(gpu.type(), 1, Integer::sum));
        return counts.entrySet().stream()
                .map(e -> "gpu:" + e.getKey().value() + ":" + e.getValue())
                .collect(Collectors.joining(","));
    }
}
