package io.jslurm.sched.backfill;

import java.util.Arrays;

/**
 * Every segment start after now of a partition's nodes, sorted by time: the moments at which a start search must
 * look at a node again. Kept in the map and extended as holds split segments, so that a search walks it instead of
 * gathering and sorting every node's change points for each job.
 *
 * <p>Entries are (milliseconds after now &lt;&lt; 20 | the node's position in the partition), milliseconds counted
 * as {@code change.toEpochMilli() - now.toEpochMilli()}. A change too far away to pack is only counted
 * ({@link #hasFar}); a search that could reach it does without the index.
 */
final class ChangeIndex {

    /** Offsets from here on do not fit next to a 20-bit node position. */
    static final long LIMIT = 1L << 43;

    private long[] sorted = new long[0];
    private long[] added = new long[16];
    private int addedCount;
    private boolean far;

    /** Records that node {@code position} changes {@code offset} ms after now; now itself and before are left out. */
    void add(long offset, int position) {
        if (offset <= 0) {
            return;
        }
        if (offset >= LIMIT) {
            far = true;
            return;
        }
        if (addedCount == added.length) {
            added = Arrays.copyOf(added, addedCount * 2);
        }
        added[addedCount++] = (offset << 20) | position;
    }

    boolean hasFar() {
        return far;
    }

    /** The entries, sorted. */
    long[] entries() {
        if (addedCount > 0) {
            Arrays.sort(added, 0, addedCount);
            long[] merged = new long[sorted.length + addedCount];
            int i = 0;
            int j = 0;
            int k = 0;
            while (i < sorted.length || j < addedCount) {
                merged[k++] = j == addedCount || i < sorted.length && sorted[i] <= added[j] ? sorted[i++] : added[j++];
            }
            sorted = merged;
            addedCount = 0;
        }
        return sorted;
    }

    /** The index in sorted {@code entries} of the first entry at or after {@code offset} ms ({@code length}: none). */
    static int firstAtOrAfter(long[] entries, long offset) {
        if (offset >= LIMIT) {
            return entries.length;
        }
        long key = Math.max(offset, 0) << 20;
        int low = 0;
        int high = entries.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (entries[middle] < key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
