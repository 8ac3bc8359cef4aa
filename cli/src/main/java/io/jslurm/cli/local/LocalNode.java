package io.jslurm.cli.local;

import java.util.Objects;

/**
 * One node of a local cluster: its name, the port its slurmd listens on, and the minor numbers of its
 * stand-in GPUs ({@code firstGpuMinor} to {@code firstGpuMinor + gpus - 1}), distinct across nodes because
 * the nodes share one host.
 */
record LocalNode(String name, int port, int gpus, int firstGpuMinor) {

    LocalNode {
        Objects.requireNonNull(name, "name");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port);
        }
        if (gpus < 0 || firstGpuMinor < 0 || firstGpuMinor + gpus > NVIDIA_MINORS) {
            throw new IllegalArgumentException("GPU minors " + firstGpuMinor + "+" + gpus + " out of 0-" + (NVIDIA_MINORS - 1));
        }
    }

    /** Minors of /dev/nvidiaN devices: 255 is nvidiactl. */
    static final int NVIDIA_MINORS = 255;

    /** gres.conf's File= for this node's GPUs, e.g. {@code /x/dev/nvidia[8-15]}. */
    String gpuFiles(java.nio.file.Path devDir) {
        String base = devDir.resolve("nvidia").toString();
        return gpus == 1 ? base + firstGpuMinor : base + "[" + firstGpuMinor + "-" + (firstGpuMinor + gpus - 1) + "]";
    }
}
