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

    /** The sorted entries: the first {@link #size} of the array, the rest room for more. */
    private long[] sorted = new long[16];
    private int size;
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

    /**
     * The entries, sorted: the first {@link #size} of the array returned, which is valid until the next {@link #add}.
     * New entries are merged in place from the back, so that only the entries after the earliest new one move: a
     * search follows nearly every hold, and copying the whole index into a new array each time cost 5 % of a pass
     * at 10,000 nodes with every job tested.
     */
    long[] entries() {
        if (addedCount > 0) {
            Arrays.sort(added, 0, addedCount);
            if (sorted.length < size + addedCount) {
                sorted = Arrays.copyOf(sorted, Math.max(sorted.length * 2, size + addedCount));
            }
            int i = size - 1;
            int j = addedCount - 1;
            for (int k = size + addedCount - 1; j >= 0; k--) {
                sorted[k] = i >= 0 && sorted[i] > added[j] ? sorted[i--] : added[j--];
            }
            size += addedCount;
            addedCount = 0;
        }
        return sorted;
    }

    /** How many entries {@link #entries} holds. */
    int size() {
        entries();
        return size;
    }

    /**
     * The index in the first {@code size} of sorted {@code entries} of the first entry at or after {@code offset} ms
     * ({@code size}: none).
     */
    static int firstAtOrAfter(long[] entries, int size, long offset) {
        if (offset >= LIMIT) {
            return size;
        }
        long key = Math.max(offset, 0) << 20;
        int low = 0;
        int high = size;
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
