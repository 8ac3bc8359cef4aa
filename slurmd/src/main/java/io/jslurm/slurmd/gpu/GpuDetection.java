package io.jslurm.slurmd.gpu;

import java.util.List;
import java.util.Objects;

/** What asking NVML for the node's GPUs came to. */
public sealed interface GpuDetection {
    /** The GPUs found, none at all being a valid answer. */
    List<GpuDevice> gpus();

    /** NVML answered; {@code gpus} may be empty on a node without NVIDIA GPUs but with the driver. */
    record Found(List<GpuDevice> gpus) implements GpuDetection {
        public Found {
            gpus = List.copyOf(gpus);
        }
    }

    /** No NVML library could be loaded: the node has no NVIDIA driver, so no GPUs via NVML. */
    record NoLibrary(String reason) implements GpuDetection {
        public NoLibrary {
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public List<GpuDevice> gpus() {
            return List.of();
        }
    }

    /** NVML is there but an NVML call failed; the message says which and why. */
    record Failed(String message) implements GpuDetection {
        public Failed {
            Objects.requireNonNull(message, "message");
        }

        @Override
        public List<GpuDevice> gpus() {
            return List.of();
        }
    }
}
