package io.jslurm.slurmctld.state;

/**
 * How the journal has been writing: each sync makes a batch of entries durable at once (group commit).
 *
 * @param syncs fsync calls made
 * @param entries entries made durable
 * @param syncNanos time spent in write + fsync, summed
 * @param maxSyncNanos the slowest write + fsync
 */
public record JournalStats(long syncs, long entries, long syncNanos, long maxSyncNanos) {

    public double entriesPerSync() {
        return syncs == 0 ? 0 : (double) entries / syncs;
    }

    public double meanSyncMillis() {
        return syncs == 0 ? 0 : syncNanos / 1e6 / syncs;
    }
}
