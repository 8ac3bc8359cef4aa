package io.jslurm.slurmdbd.usage;

/**
 * {@code cpus} CPUs held from {@code start} to {@code end} (epoch seconds; {@code end} 0 while still held):
 * a job's allocation, the cluster's capacity or a down node's CPUs.
 */
public record Span(long start, long end, long cpus) {

    public Span {
        if (cpus < 0 || start < 0 || end < 0) {
            throw new IllegalArgumentException("negative span: " + start + ".." + end + " x " + cpus);
        }
    }

    /** CPU-seconds of this span inside [from, to). */
    public long cpuSecondsIn(long from, long to) {
        long s = Math.max(start, from);
        long e = Math.min(end == 0 ? to : end, to);
        return e > s ? (e - s) * cpus : 0;
    }
}
