package io.jslurm.slurmd.hw;

import java.util.Objects;

/**
 * RealMemory in MiB as Slurm computes it: the physical page count (MemTotal of
 * {@code /proc/meminfo}, which is what {@code sysconf(_SC_PHYS_PAGES)} reports) converted to a
 * single-precision float, times the page size in MiB, truncated. Up to 2^24 pages (64 GiB with
 * 4 KiB pages) that is plain truncation of MemTotal/1024; above it the float rounding of the page
 * count can lift the result by one MiB, and we keep that so a node matches what Slurm would have
 * registered.
 */
public final class RealMemoryReader {
    private static final double MIB = 1024.0 * 1024.0;

    private final HostFiles files;
    private final long pageSizeBytes;

    public RealMemoryReader(HostFiles files, long pageSizeBytes) {
        this.files = Objects.requireNonNull(files, "files");
        if (pageSizeBytes < 1024 || pageSizeBytes % 1024 != 0) {
            throw new IllegalArgumentException("page size must be a positive multiple of 1024 bytes: " + pageSizeBytes);
        }
        this.pageSizeBytes = pageSizeBytes;
    }

    public long realMemoryMiB() {
        return slurmRealMemoryMiB(memTotalKiB(), pageSizeBytes);
    }

    public long memTotalKiB() {
        for (String line : files.readLines("proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                String[] fields = line.substring("MemTotal:".length()).strip().split("\\s+");
                try {
                    long value = Long.parseLong(fields[0]);
                    if (fields.length > 1 && !fields[1].equals("kB")) {
                        throw new HardwareException(files.resolve("proc/meminfo") + ": MemTotal is not in kB: '" + line + "'");
                    }
                    return value;
                } catch (NumberFormatException e) {
                    throw new HardwareException(files.resolve("proc/meminfo") + ": MemTotal is not a number: '" + line + "'", e);
                }
            }
        }
        throw new HardwareException(files.resolve("proc/meminfo") + " has no MemTotal line");
    }

    static long slurmRealMemoryMiB(long memTotalKiB, long pageSizeBytes) {
        long pages = memTotalKiB * 1024 / pageSizeBytes;
        float pagesAsFloat = pages;
        return (long) (pagesAsFloat * (pageSizeBytes / MIB));
    }
}
