package io.jslurm.sched.backfill;

/**
 * Where the last start search of one {@link Shape} left its per-node counts: what each node of the partition offered
 * a job of that shape starting at {@link #slot} and ending at {@link #end}, and the running totals over them. The next
 * search of the shape starts from these instead of evaluating every node again at its first slot: a node offers
 * something else only if its timeline changed since (a hold: the map's change log), or one of its segments starts
 * between the two slots or between the two ends (the partition's {@link ChangeIndex}). Most nodes are in neither.
 */
final class SearchCursor {

    /** How many cursors a shape keeps, each where one of its searches left it. */
    static final int PER_SHAPE = 8;

    /** No search has left counts yet: every node is evaluated. */
    static final long NONE = -1;

    final int[] tasks;
    final int[] gpus;
    /** Scratch of the search: nodes marked for evaluation at the current slot, and their list. */
    final boolean[] dirty;
    final int[] toEvaluate;
    /** Milliseconds after now of the slot the counts are for, or {@link #NONE}. */
    long slot = NONE;
    /**
     * Milliseconds after now of the end they are for, at most {@link ChangeIndex#LIMIT} (no limit, or beyond every
     * change point in the index: the same segments start before it).
     */
    long end;
    /** How many entries of the map's change log the counts include. */
    int logged;
    int usefulNodes;
    long totalTasks;
    int fullNodes;
    long totalGpus;
    int requiredUseful;

    SearchCursor(int nodes) {
        this.tasks = new int[nodes];
        this.gpus = new int[nodes];
        this.dirty = new boolean[nodes];
        this.toEvaluate = new int[nodes];
    }

    /** The same counts, for another search to move elsewhere. */
    SearchCursor copy() {
        SearchCursor copy = new SearchCursor(tasks.length);
        System.arraycopy(tasks, 0, copy.tasks, 0, tasks.length);
        System.arraycopy(gpus, 0, copy.gpus, 0, gpus.length);
        copy.slot = slot;
        copy.end = end;
        copy.logged = logged;
        copy.usefulNodes = usefulNodes;
        copy.totalTasks = totalTasks;
        copy.fullNodes = fullNodes;
        copy.totalGpus = totalGpus;
        copy.requiredUseful = requiredUseful;
        return copy;
    }

    /**
     * How many nodes at most (counted with repeats) moving these counts to a job starting {@code at} and ending
     * {@code end} ms after now looks at: those held since ({@code logEnd} entries in the map's log now) and the
     * change points in the index (the first {@code size} of {@code entries}) between the two slots, and the drops
     * (the first {@code dropSize} of {@code dropEntries}) between the two ends.
     */
    long work(long[] entries, int size, long[] dropEntries, int dropSize, long at, long end, int logEnd) {
        if (slot == NONE) {
            return Long.MAX_VALUE;
        }
        return (long) (logEnd - logged)
                + ChangeIndex.firstAtOrAfter(entries, size, Math.max(slot, at) + 1)
                - ChangeIndex.firstAtOrAfter(entries, size, Math.min(slot, at) + 1)
                + ChangeIndex.firstAtOrAfter(dropEntries, dropSize, Math.max(this.end, end))
                - ChangeIndex.firstAtOrAfter(dropEntries, dropSize, Math.min(this.end, end));
    }
}
