package io.jslurm.slurmd.daemon;

import io.jslurm.conf.gres.GresConfig;
import io.jslurm.conf.gres.GresDevice;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.gpu.GpuDevice;
import io.jslurm.slurmd.hw.CpuTopology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The node's GPUs as registration reports them, by index: what NVML found, or, when NVML found
 * none, the {@code File=} lists of gres.conf's {@code Name=gpu} lines for this node.
 */
final class NodeGpus {
    private NodeGpus() {
    }

    /**
     * @param topology turns gres.conf's {@code Cores=} (core indexes) into the CPU ids that {@code cpu_affinity}
     *                 holds, as NVML's affinity does
     */
    static List<Gpu> of(GpuDetection detection, GresConfig gres, String nodeName, CpuTopology topology) {
        List<GpuDevice> found = detection.gpus();
        if (!found.isEmpty()) {
            return found.stream().map(gpu -> fromNvml(gpu, found.size())).toList();
        }
        List<Gpu> configured = new ArrayList<>();
        for (GresDevice line : gres.devicesFor(nodeName)) {
            if (!line.name().equals("gpu")) {
                continue;
            }
            for (int i = 0; i < line.files().size(); i++) {
                Gpu.Builder gpu = Gpu.newBuilder()
                        .setIndex(configured.size())
                        .setType(line.type().orElse(""))
                        .setDeviceFile(line.files().get(i));
                line.cores().ifPresent(cores -> gpu.setCpuAffinity(topology.cpusOfCores(cores).toString()));
                if (i < line.links().size()) {
                    gpu.setLinks(line.links().get(i));
                }
                configured.add(gpu.build());
            }
        }
        return configured;
    }

    /** The device file of each GPU, by index; what ConstrainDevices denies a job unless given to it. */
    static List<Path> deviceFiles(List<Gpu> gpus) {
        return gpus.stream().map(gpu -> Path.of(gpu.getDeviceFile())).toList();
    }

    static Optional<Path> deviceFile(List<Gpu> gpus, int index) {
        return gpus.stream().filter(gpu -> gpu.getIndex() == index).findFirst().map(gpu -> Path.of(gpu.getDeviceFile()));
    }

    private static Gpu fromNvml(GpuDevice gpu, int count) {
        return Gpu.newBuilder()
                .setIndex(gpu.index())
                .setType(gpu.type().value())
                .setModel(gpu.name())
                .setUuid(gpu.uuid())
                .setPciBusId(gpu.pciBusId().toString())
                .setDeviceFile(gpu.deviceFile().toString())
                .setCpuAffinity(gpu.cpuAffinity().toString())
                .setLinks(gpu.slurmLinks(count))
                .build();
    }
}
