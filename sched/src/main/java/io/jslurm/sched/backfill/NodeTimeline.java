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
 *
 * <p>Running jobs' ends and holds that begin at the first segment only ever give a later segment as much as the one
 * before it or more, so the intersection over a stretch of time is simply its first segment. Only a hold that begins
 * later (a reservation) can take something away at a segment start; those starts are flagged as drops, and an
 * intersection ANDs in only the dropping segments, so that the common case copies nothing.
 */
final class NodeTimeline {

    /** Beyond this many seconds an offset in nanoseconds could overflow. */
    private static final long MAX_OFFSET_SECONDS = Long.MAX_VALUE / 1_000_000_000L - 1;

    private Instant[] starts;
    /**
     * The same starts as nanoseconds after the first one ({@link Long#MAX_VALUE} when too far for a long): searched
     * instead of the Instants, whose objects lie all over the heap and cost a cache miss each.
     */
    private long[] offsets;
    /**
     * The first start (now, which never moves: nothing splits before it) as seconds and nanoseconds, so that turning
     * an Instant into an offset reads this object alone instead of the starts array and the first Instant as well.
     */
    private final long firstSecond;
    private final int firstNano;
    private NodeFree[] frees;
    /** Whether segment i may offer less than segment i - 1 (see the class comment); never set for segment 0. */
    private boolean[] drops;
    private int dropCount;
    private int size;
    /** The node with nothing allocated, made on first use; read only, so copies share it. */
    private NodeFree whole;
    /** The earliest start of a dropping segment; null while there is none. */
    private Instant firstDrop;
    /**
     * {@code narrowed[first][k - 1]}: segment {@code first} narrowed by the first k dropping segments after it, for
     * the first {@code narrowedCount[first]} k, made as asked. Fits and start searches ask for these over and over (a
     * job's end passes a few drops at most); they are never changed, and all are made anew once the timeline
     * changes (null until then).
     */
    private NodeFree[][] narrowed;
    private int[] narrowedCount;
    /** {@code dropRank[i]}: how many of segments 1..i drop; made on first use after a change. */
    private int[] dropRank;
    /** Counts changes: a view of this timeline seen before is the same only while this is. */
    private int version;

    private NodeTimeline(Instant[] starts, long[] offsets, NodeFree[] frees, boolean[] drops, int dropCount,
            int size, NodeFree whole, Instant firstDrop) {
        this.starts = starts;
        this.offsets = offsets;
        this.frees = frees;
        this.drops = drops;
        this.dropCount = dropCount;
        this.size = size;
        this.whole = whole;
        this.firstDrop = firstDrop;
        this.firstSecond = starts[0].getEpochSecond();
        this.firstNano = starts[0].getNano();
    }

    static NodeTimeline startingWith(Instant now, NodeFree current) {
        Instant[] starts = new Instant[4];
        NodeFree[] frees = new NodeFree[4];
        starts[0] = now;
        frees[0] = current;
        return new NodeTimeline(starts, new long[4], frees, new boolean[4], 0, 1, null, null);
    }

    NodeTimeline copy() {
        NodeFree[] copies = new NodeFree[frees.length];
        for (int i = 0; i < size; i++) {
            copies[i] = frees[i].copy();
        }
        return new NodeTimeline(starts.clone(), offsets.clone(), copies, drops.clone(), dropCount, size, whole,
                firstDrop);
    }

    /** Resources a job holds come back from {@code at} on. */
    void release(NodeAllocation allocation, Instant at) {
        changing();
        split(at);
        int first = ceilingIndex(at);
        for (int i = first; i < size; i++) {
            frees[i].release(allocation);
            if (dropCount > 0 && i > first) {
                // After a later hold the segments are no longer ordered by what they offer: without that order a
                // release cannot be shown to keep the next segment at least as free, so it counts as a drop.
                markDrop(i);
            }
        }
    }

    /**
     * Resources taken from {@code from} until {@code to} ({@link Instant#MAX} for ever).
     *
     * @return what changed besides the resources of the segments held
     */
    Held hold(NodeAllocation allocation, Instant from, Instant to) {
        changing();
        boolean newFrom = split(from);
        boolean newTo = split(to);
        int end = to.equals(Instant.MAX) ? size : ceilingIndex(to);
        int first = ceilingIndex(from);
        for (int i = first; i < end; i++) {
            frees[i].allocate(allocation);
        }
        boolean newDrop = first > 0 && first < end && markDrop(first);
        return new Held(first == 0 && end > 0, newFrom, newTo, newDrop);
    }

    /**
     * @param baseChanged whether the first segment ({@link #base}) changed
     * @param newFrom     whether the hold's start became a new segment start
     * @param newTo       whether its end did
     * @param newDrop     whether the hold's start became a dropping segment start ({@link #dropAt})
     */
    record Held(boolean baseChanged, boolean newFrom, boolean newTo, boolean newDrop) {
    }

    private void changing() {
        narrowed = null;
        dropRank = null;
        version++;
    }

    /** Changes with every hold and release: see {@link #freeDuring}. */
    int version() {
        return version;
    }

    /** @return whether segment {@code index} was not a drop before */
    private boolean markDrop(int index) {
        if (drops[index]) {
            return false;
        }
        drops[index] = true;
        dropCount++;
        if (firstDrop == null || starts[index].isBefore(firstDrop)) {
            firstDrop = starts[index];
        }
        return true;
    }

    /** Whether segment {@code index} may offer less than the one before it (see the class comment). */
    boolean dropAt(int index) {
        return drops[index];
    }

    /** What is free in the first segment (from now on); callers read it and do not change it. */
    NodeFree base() {
        return frees[0];
    }

    /**
     * The earliest start of a segment that may offer less than the one before it, or null: before it,
     * {@link #freeDuring} from the first segment's start is {@link #base} itself.
     */
    Instant firstDrop() {
        return firstDrop;
    }

    /**
     * What is free during all of {@code [from, to)}. The result may be the stored segment itself, or a view kept and
     * handed out again until the timeline changes ({@link #version}): callers read it and do not change it.
     */
    NodeFree freeDuring(Instant from, Instant to) {
        int first = from.getEpochSecond() == firstSecond && from.getNano() == firstNano ? 0 : floorIndex(from);
        if (dropCount == 0) {
            return frees[first];
        }
        return narrowed(first, to);
    }

    /** Segment {@code first} narrowed by the dropping segments that start before {@code to}, from the views kept. */
    private NodeFree narrowed(int first, Instant to) {
        int last = lastBefore(to);
        if (dropRank == null) {
            dropRank = new int[size];
            for (int i = 1; i < size; i++) {
                dropRank[i] = dropRank[i - 1] + (drops[i] ? 1 : 0);
            }
        }
        int count = last > first ? dropRank[last] - dropRank[first] : 0;
        if (count == 0) {
            return frees[first]; // no drop in the stretch: it offers what its first segment does
        }
        if (narrowed == null) {
            narrowed = new NodeFree[size][];
            narrowedCount = new int[size];
        }
        if (narrowedCount[first] < count) {
            NodeFree[] views = narrowed[first] == null || narrowed[first].length < count
                    ? Arrays.copyOf(narrowed[first] == null ? new NodeFree[0] : narrowed[first], Math.max(4, count * 2))
                    : narrowed[first];
            NodeFree free = frees[first];
            int k = 0;
            for (int next = first + 1; k < count; next++) {
                if (drops[next]) {
                    k++;
                    if (k > narrowedCount[first]) {
                        views[k - 1] = free.copy();
                        views[k - 1].retainFree(frees[next]);
                    }
                    free = views[k - 1];
                }
            }
            narrowed[first] = views;
            narrowedCount[first] = count;
        }
        return narrowed[first][count - 1];
    }

    /**
     * The first dropping segment start at or after {@code to}, or null: until then (and after the last one before
     * {@code to}), {@link #freeDuring} from the first segment's start gives the same view.
     */
    Instant dropAtOrAfter(Instant to) {
        for (int i = 1; i < size; i++) {
            if (drops[i] && !starts[i].isBefore(to)) {
                return starts[i];
            }
        }
        return null;
    }

    /** The last dropping segment start before {@code to}, or null. */
    Instant dropBefore(Instant to) {
        Instant found = null;
        for (int i = 1; i < size && starts[i].isBefore(to); i++) {
            if (drops[i]) {
                found = starts[i];
            }
        }
        return found;
    }

    /** The index of the last segment that starts before {@code to}. */
    private int lastBefore(Instant to) {
        if (to.equals(Instant.MAX)) {
            return size - 1;
        }
        int found = search(to);
        return found >= 0 ? found - 1 : -found - 2;
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

    /** @return whether a new segment starts at {@code at} */
    private boolean split(Instant at) {
        if (at.equals(Instant.MAX)) {
            return false;
        }
        int found = search(at);
        if (found >= 0 || found == -1) {
            return false; // already a segment start, or before the first segment: nothing to split
        }
        int insert = -found - 1;
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            offsets = Arrays.copyOf(offsets, size * 2);
            frees = Arrays.copyOf(frees, size * 2);
            drops = Arrays.copyOf(drops, size * 2);
        }
        System.arraycopy(starts, insert, starts, insert + 1, size - insert);
        System.arraycopy(offsets, insert, offsets, insert + 1, size - insert);
        System.arraycopy(frees, insert, frees, insert + 1, size - insert);
        System.arraycopy(drops, insert, drops, insert + 1, size - insert);
        starts[insert] = at;
        offsets[insert] = offset(at);
        frees[insert] = frees[insert - 1].copy();
        drops[insert] = false; // an exact copy of the segment before it
        size++;
        return true;
    }

    /** The index of the last segment starting at or before {@code at}. */
    private int floorIndex(Instant at) {
        int found = search(at);
        return found >= 0 ? found : -found - 2;
    }

    /** The index of the first segment starting at or after {@code at} ({@code size} if none). */
    private int ceilingIndex(Instant at) {
        int found = search(at);
        return found >= 0 ? found : -found - 1;
    }

    /** {@link Arrays#binarySearch} over the starts, by offset where the offset says enough. */
    private int search(Instant at) {
        long offset = offset(at);
        if (offset == Long.MAX_VALUE || offset == Long.MIN_VALUE) {
            return Arrays.binarySearch(starts, 0, size, at);
        }
        // Every start with a saturated offset lies beyond this one, so the order of the offsets is the order here.
        return Arrays.binarySearch(offsets, 0, size, offset);
    }

    /** Nanoseconds from the first start to {@code at}, saturated at the ends of a long. */
    private long offset(Instant at) {
        long seconds = at.getEpochSecond() - firstSecond;
        if (seconds > MAX_OFFSET_SECONDS) {
            return Long.MAX_VALUE;
        }
        if (seconds < -MAX_OFFSET_SECONDS) {
            return Long.MIN_VALUE;
        }
        return seconds * 1_000_000_000L + (at.getNano() - firstNano);
    }
}
