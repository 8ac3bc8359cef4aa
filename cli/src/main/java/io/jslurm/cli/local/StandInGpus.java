package io.jslurm.cli.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Device files that stand in for GPUs, so that GPU scheduling, CUDA_VISIBLE_DEVICES and device confinement can
 * be tried on a machine without any: character devices with NVIDIA's major number 195 (only root may make
 * them), else empty files with the same names.
 */
final class StandInGpus {

    static final int NVIDIA_MAJOR = 195;

    private StandInGpus() {
    }

    /** @return whether they are real character devices */
    static boolean create(Path dev, List<LocalNode> nodes, boolean root) throws IOException, InterruptedException {
        Files.createDirectories(dev);
        boolean devices = root;
        for (LocalNode node : nodes) {
            for (int minor = node.firstGpuMinor(); minor < node.firstGpuMinor() + node.gpus(); minor++) {
                Path file = dev.resolve("nvidia" + minor);
                if (Files.exists(file)) {
                    continue;
                }
                if (devices && !mknod(file, minor)) {
                    devices = false;
                }
                if (!devices) {
                    Files.createFile(file);
                }
            }
        }
        return devices;
    }

    private static boolean mknod(Path file, int minor) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("mknod", "-m", "0666", file.toString(), "c",
                Integer.toString(NVIDIA_MAJOR), Integer.toString(minor))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    }
}
