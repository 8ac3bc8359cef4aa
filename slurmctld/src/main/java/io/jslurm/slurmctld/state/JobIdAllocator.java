package io.jslurm.slurmctld.state;

import java.util.function.LongPredicate;

/**
 * Hands out job ids from FirstJobId upwards. When the counter reaches MaxJobId it wraps to FirstJobId, as
 * Slurm does, so MaxJobId itself is never assigned; ids still held by jobs in the table are skipped.
 * Not thread-safe: the store calls it under its lock, and records the counter with every submission.
 */
final class JobIdAllocator {

    private final long first;
    private final long max;
    private long next;

    JobIdAllocator(long first, long max, long next) {
        if (first < 1 || max <= first) {
            throw new IllegalArgumentException("job ids need 1 <= FirstJobId < MaxJobId, got " + first + " and " + max);
        }
        this.first = first;
        this.max = max;
        // A counter saved under other limits (FirstJobId raised, MaxJobId lowered) restarts at FirstJobId.
        this.next = next >= first && next < max ? next : first;
    }

    long next() {
        return next;
    }

    long allocate(LongPredicate inUse) {
        for (long tried = 0, range = max - first; tried < range; tried++) {
            long candidate = next;
            next = candidate + 1 >= max ? first : candidate + 1;
            if (!inUse.test(candidate)) {
                return candidate;
            }
        }
        throw new JobStoreException("no free job id between FirstJobId " + first + " and MaxJobId " + max);
    }
}
