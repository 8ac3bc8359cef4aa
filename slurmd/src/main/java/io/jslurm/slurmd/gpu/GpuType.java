package io.jslurm.slurmd.gpu;

import java.util.Locale;
import java.util.Objects;

/**
 * A GRES GPU type as Slurm's NVML autodetection names it: the NVML device name in lower case with
 * each space replaced by an underscore ({@code NVIDIA H200} becomes {@code nvidia_h200},
 * {@code NVIDIA A100-SXM4-80GB} becomes {@code nvidia_a100-sxm4-80gb}). A type written in
 * slurm.conf or gres.conf matches a detected one when it is a non-empty substring of it, ignoring
 * case, which is why {@code Gres=gpu:h200:8} configures a node whose GPUs autodetect as
 * {@code nvidia_h200}.
 */
public record GpuType(String value) {
    public GpuType {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.chars().anyMatch(c -> c == ':' || c == ',' || Character.isWhitespace(c))) {
            throw new IllegalArgumentException("a GPU type has no spaces, ':' or ',' and is not empty: '" + value + "'");
        }
    }

    public static GpuType fromNvmlName(String nvmlName) {
        Objects.requireNonNull(nvmlName, "nvmlName");
        String stripped = nvmlName.strip();
        if (stripped.isEmpty()) {
            throw new IllegalArgumentException("NVML reported an empty GPU name");
        }
        return new GpuType(stripped.toLowerCase(Locale.ROOT).replace(' ', '_'));
    }

    /** Whether a configured type (for example {@code h200}) names this detected type. */
    public boolean matchesConfigured(String configuredType) {
        return configuredType != null && !configuredType.isEmpty()
                && value.contains(configuredType.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return value;
    }
}
