package io.jslurm.slurmd.gpu;

import io.jslurm.common.cpu.IdSet;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One GPU found on the node.
 *
 * @param index       NVML's index (the order NVML enumerates, by PCI bus id)
 * @param name        NVML's device name, for example {@code NVIDIA H200}
 * @param type        the GRES type Slurm derives from the name
 * @param uuid        the GPU's UUID ({@code GPU-...}), stable across reboots and renumbering
 * @param minor       the device minor number: the {@code N} of {@code /dev/nvidiaN}
 * @param deviceFile  {@code /dev/nvidiaN}
 * @param pciBusId    where the GPU sits on the PCI bus
 * @param cpuAffinity the logical CPUs closest to the GPU (NVML's ideal affinity), machine ids
 * @param nvlinkPeers for each other GPU of the node reached over NVLink, its index and the number
 *                    of active links to it
 * @param otherLinks  active NVLinks whose far end is not a GPU of this node (an NVSwitch, say)
 */
public record GpuDevice(int index, String name, GpuType type, String uuid, int minor, Path deviceFile,
                        PciBusId pciBusId, IdSet cpuAffinity, SortedMap<Integer, Integer> nvlinkPeers,
                        int otherLinks) {
    public GpuDevice {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(deviceFile, "deviceFile");
        Objects.requireNonNull(pciBusId, "pciBusId");
        Objects.requireNonNull(cpuAffinity, "cpuAffinity");
        Objects.requireNonNull(nvlinkPeers, "nvlinkPeers");
        if (index < 0 || minor < 0 || otherLinks < 0) {
            throw new IllegalArgumentException("GPU index, minor number and link counts must not be negative");
        }
        if (nvlinkPeers.containsKey(index)) {
            throw new IllegalArgumentException("GPU " + index + " cannot be its own NVLink peer");
        }
        nvlinkPeers = Collections.unmodifiableSortedMap(new TreeMap<>(nvlinkPeers));
    }

    /** The device file NVIDIA's driver creates for a minor number. */
    public static Path deviceFileOf(int minor) {
        return Path.of("/dev/nvidia" + minor);
    }

    /**
     * This GPU's row of gres.conf {@code Links=}: for each GPU index of the node, the number of
     * NVLinks to it, with {@code -1} in this GPU's own place ({@code -1,2,0,2}).
     */
    public String slurmLinks(int gpuCount) {
        return IntStream.range(0, gpuCount)
                .mapToObj(i -> i == index ? "-1" : String.valueOf(nvlinkPeers.getOrDefault(i, 0)))
                .collect(Collectors.joining(","));
    }
}
