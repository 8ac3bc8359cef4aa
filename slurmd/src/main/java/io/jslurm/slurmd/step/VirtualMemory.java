package io.jslurm.slurmd.step;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.OptionalLong;

/**
 * The virtual memory size of a step's processes, from {@code /proc/<pid>/status}: cgroups count resident memory
 * only, so sstat's VMSize figures come from the processes themselves while they run.
 */
final class VirtualMemory {

    private VirtualMemory() {
    }

    /** The sum of each process's peak virtual size ({@code VmPeak}) in KiB; processes already gone count 0. */
    static long peakKb(Path proc, Collection<Long> pids) {
        long total = 0;
        for (long pid : pids) {
            try {
                total += vmPeakKb(Files.readString(proc.resolve(Long.toString(pid)).resolve("status"))).orElse(0);
            } catch (IOException | RuntimeException gone) {
                // The process ended while it was read, or it is a kernel thread without a VmPeak line.
            }
        }
        return total;
    }

    /** {@code VmPeak:   123456 kB} of a status file; empty for a process without an address space. */
    static OptionalLong vmPeakKb(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmPeak:")) {
                String[] parts = line.substring("VmPeak:".length()).strip().split("\\s+");
                return OptionalLong.of(Long.parseLong(parts[0]));
            }
        }
        return OptionalLong.empty();
    }
}
