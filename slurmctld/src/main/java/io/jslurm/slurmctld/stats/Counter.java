package io.jslurm.slurmctld.stats;

import java.util.concurrent.atomic.LongAdder;

/** How often something was served and the time it took in all; safe to add to from many handler threads. */
final class Counter {
    private final LongAdder count = new LongAdder();
    private final LongAdder nanos = new LongAdder();

    void add(long elapsedNanos) {
        count.increment();
        nanos.add(elapsedNanos);
    }

    long count() {
        return count.sum();
    }

    long totalMicros() {
        return nanos.sum() / 1_000;
    }
}
