package io.jslurm.protocol.netty;

import java.util.Arrays;

/** Percentiles of measured durations, for the figures the transport tests print. */
record Latencies(long[] sortedNanos) {
    static Latencies of(long[] nanos) {
        long[] copy = nanos.clone();
        Arrays.sort(copy);
        return new Latencies(copy);
    }

    long percentileNanos(double p) {
        int index = (int) Math.min(sortedNanos.length - 1, Math.ceil(p / 100.0 * sortedNanos.length) - 1);
        return sortedNanos[Math.max(0, index)];
    }

    String describe() {
        return String.format("p50=%.1fus p90=%.1fus p99=%.1fus max=%.1fus (n=%d)",
                percentileNanos(50) / 1e3, percentileNanos(90) / 1e3, percentileNanos(99) / 1e3,
                sortedNanos[sortedNanos.length - 1] / 1e3, sortedNanos.length);
    }
}
