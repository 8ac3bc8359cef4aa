package io.jslurm.sched.backfill;

import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.select.NodeFree;
import java.time.Instant;
import java.util.Arrays;

/**
 * The future free resources of one node: segments, each starting at its start time and lasting until the next one
 * (the last one forever). Kept in two parallel sorted arrays rather than a TreeMap: a backfill pass asks "what is free
 * during [from, to)" millions of times, and a binary search plus a forward scan allocates nothing, where every
 * TreeMap sub-map view did.
 */
final class NodeTimeline {

    private Instant[] starts;
    private NodeFree[] frees;
    private int size;
    /** The node with nothing allocated, made on first use; read only, so copies share it. */
    private NodeFree whole;

    private NodeTimeline(Instant[] starts, NodeFree[] frees, int size, NodeFree whole) {
        this.starts = starts;
        this.frees = frees;
        this.size = size;
        this.whole = whole;
    }

    static NodeTimeline startingWith(Instant now, NodeFree current) {
        Instant[] starts = new Instant[4];
        NodeFree[] frees = new NodeFree[4];
        starts[0] = now;
        frees[0] = current;
        return new NodeTimeline(starts, frees, 1, null);
    }

    NodeTimeline copy() {
        NodeFree[] copies = new NodeFree[frees.length];
        for (int i = 0; i < size; i++) {
            copies[i] = frees[i].copy();
        }
        return new NodeTimeline(starts.clone(), copies, size, whole);
    }

    /** Resources a job holds come back from {@code at} on. */
    void release(NodeAllocation allocation, Instant at) {
        split(at);
        for (int i = ceilingIndex(at); i < size; i++) {
            frees[i].release(allocation);
        }
    }

    /** Resources taken from {@code from} until {@code to} ({@link Instant#MAX} for ever). */
    void hold(NodeAllocation allocation, Instant from, Instant to) {
        split(from);
        split(to);
        int end = to.equals(Instant.MAX) ? size : ceilingIndex(to);
        for (int i = ceilingIndex(from); i < end; i++) {
            frees[i].allocate(allocation);
        }
    }

    /**
     * What is free during all of {@code [from, to)}. The result may be the stored segment itself: callers read it and
     * do not change it.
     */
    NodeFree freeDuring(Instant from, Instant to) {
        return narrowed(from, to, false);
    }

    /**
     * Like {@link #freeDuring}, but stops narrowing once no core is left: then no task fits, which is all a start
     * search asks, and the remaining segments need not be scanned. Other fields of the result may then be wider
     * than the true intersection.
     */
    NodeFree coresFreeDuring(Instant from, Instant to) {
        return narrowed(from, to, true);
    }

    private NodeFree narrowed(Instant from, Instant to, boolean stopWithoutCores) {
        int first = floorIndex(from);
        int next = first + 1;
        if (next >= size || !starts[next].isBefore(to)) {
            return frees[first];
        }
        NodeFree free = frees[first].copy();
        for (; next < size && starts[next].isBefore(to); next++) {
            if (stopWithoutCores && free.freeCoreCount() == 0) {
                break;
            }
            free.retainFree(frees[next]);
        }
        return free;
    }

    /**
     * The node with nothing allocated and its state ignored: no segment ever offers more, so a job that cannot use
     * this cannot use the node at any time.
     */
    NodeFree whole() {
        if (whole == null) {
            whole = NodeFree.empty(frees[0].node(), frees[0].order());
        }
        return whole;
    }

    /** How many segments there are; their starts are {@link #changeAt}(0) to (count - 1), ascending. */
    int changeCount() {
        return size;
    }

    Instant changeAt(int index) {
        return starts[index];
    }

    private void split(Instant at) {
        if (at.equals(Instant.MAX)) {
            return;
        }
        int found = Arrays.binarySearch(starts, 0, size, at);
        if (found >= 0 || found == -1) {
            return; // already a segment start, or before the first segment: nothing to split
        }
        int insert = -found - 1;
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            frees = Arrays.copyOf(frees, size * 2);
        }
        System.arraycopy(starts, insert, starts, insert + 1, size - insert);
        System.arraycopy(frees, insert, frees, insert + 1, size - insert);
        starts[insert] = at;
        frees[insert] = frees[insert - 1].copy();
        size++;
    }

    /** The index of the last segment starting at or before {@code at}. */
    private int floorIndex(Instant at) {
        int found = Arrays.binarySearch(starts, 0, size, at);
        return found >= 0 ? found : -found - 2;
    }

    /** The index of the first segment starting at or after {@code at} ({@code size} if none). */
    private int ceilingIndex(Instant at) {
        int found = Arrays.binarySearch(starts, 0, size, at);
        return found >= 0 ? found : -found - 1;
    }
}
