package io.jslurm.sched.backfill;

import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.KeptFit;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Fits at the start of a {@link SlotMap}, by shape, kept across the jobs of a pass ({@link KeptFit}). Between two
 * fits only the nodes of a start change their first segment; those are logged here and replayed into each kept fit
 * when it is next asked. A node whose timeline drops (a reservation begins on it) before the job's end is seen
 * through {@link NodeTimeline#freeDuring} for that fit alone; the others are seen as their first segment, which is
 * what freeDuring returns for them.
 */
final class NowFits {

    /** Drop offsets at or beyond this are kept as this (milliseconds; they are then always looked at). */
    private static final long FAR = 1L << 42;
    /** How many kept candidates, in rank order, are looked at for a single-node job's Weight bound. */
    private static final int BOUND_LOOK = 64;

    private final Instant now;
    private final List<NodeTimeline> nodes;
    private final Map<Shape, Kept> kept = new HashMap<>();
    private final Function<Partition, int[]> positions;
    /** Ids of the nodes whose first segment changed, in order: the first {@code changeCount} entries. */
    private int[] changes = new int[64];
    private int changeCount;
    /**
     * Per node id: the replay that last brought it up to date. A node changed again and again between two fits of a
     * shape (best fit packs job after job onto one node) is replayed into that shape once: {@link KeptFit#changed}
     * reads the node's current first segment, so a replay after the first finds nothing new.
     */
    private final int[] replayed;
    private int replay;
    /**
     * Nodes with a drop, as (first drop offset &lt;&lt; 20 | id), sorted by when their first drop begins: the first
     * {@code dropCount} entries. Every fit walks them, and every reservation moves one; a sorted array moves an entry
     * by one copy of the stretch in between, where a tree set had to be copied out whole after each change.
     */
    private long[] drops;
    private int dropCount;
    private final long[] dropKey;
    /**
     * Per node id: the view the last fit saw through {@link NodeTimeline#freeDuring}, and the ends (nanoseconds
     * after now) for which it holds: after {@code viewAfter} and up to {@code viewUntil}, no drop starts before the
     * end that did not before. Forgotten when the node changes.
     */
    private final NodeFree[] lastView;
    private final long[] viewAfter;
    private final long[] viewUntil;
    /** The view before the last one, and its stretch: jobs of different lengths take a node's views in turn. */
    private final NodeFree[] olderView;
    private final long[] olderAfter;
    private final long[] olderUntil;

    /**
     * The nodes a fit sees through another view and those views, handed to {@link KeptFit#fit}, which reads them
     * during the call only: kept from fit to fit, because allocating them per fit zeroed up to two arrays of the
     * cluster's size thousands of times a pass. Entries past a fit's count are stale.
     */
    private int[] seen = new int[0];
    private NodeFree[] views = new NodeFree[0];

    /** Each node id's Weight: a fit that only needs an allocation may leave out nodes heavier than a bound. */
    private final int[] weights;

    /** Per node id: nanoseconds from now to its first drop ({@link Long#MAX_VALUE}: none, or too far to say). */
    private final long[] firstDropNanos;
    /** Per node id: how many times it was held or released, so that a shape's verdict on it knows when it is stale. */
    private final int[] touches;

    /** A node a fit that only needs an allocation sees as it is now, or through its view: see {@link #verdict}. */
    private static final int LIVE = 0;
    /** A node that takes no task as it is now: left out. */
    private static final int REJECTS_NOW = 1;
    /** A node that takes tasks now, but none once its first drop has begun: takes none of a job ending after it. */
    private static final int REJECTS_PAST_DROP = 2;

    /**
     * @param members  the node id at each position of the partition
     * @param verdicts per position: ({@link #touches} + 1) of the node when the verdict was made, shifted left by 2,
     *                 or'ed with the verdict; 0 until made
     */
    private record Kept(KeptFit fit, ResourceFit by, int applied, int[] members, int[] verdicts) {
    }

    /** @param positions each node id's position in a partition (-1: not in it) */
    NowFits(Instant now, List<NodeTimeline> nodes, Function<Partition, int[]> positions) {
        this.now = now;
        this.positions = positions;
        this.nodes = nodes;
        this.dropKey = new long[nodes.size()];
        this.lastView = new NodeFree[nodes.size()];
        this.viewAfter = new long[nodes.size()];
        this.viewUntil = new long[nodes.size()];
        this.olderView = new NodeFree[nodes.size()];
        this.olderAfter = new long[nodes.size()];
        this.olderUntil = new long[nodes.size()];
        this.weights = new int[nodes.size()];
        this.firstDropNanos = new long[nodes.size()];
        this.touches = new int[nodes.size()];
        this.replayed = new int[nodes.size()];
        for (int id = 0; id < nodes.size(); id++) {
            weights[id] = nodes.get(id).base().node().weight();
        }
        Arrays.fill(dropKey, -1);
        this.drops = new long[Math.max(16, nodes.size())];
        for (int id = 0; id < nodes.size(); id++) {
            long key = dropKeyOf(id);
            firstDropNanos[id] = firstDropNanosOf(id);
            if (key >= 0) {
                drops[dropCount++] = key;
                dropKey[id] = key;
            }
        }
        Arrays.sort(drops, 0, dropCount); // sorted once here: inserting one by one would move the array per node
    }

    /** Node {@code id} was held or released; {@code baseChanged}: its first segment changed. */
    void touched(int id, boolean baseChanged) {
        lastView[id] = null;
        olderView[id] = null;
        touches[id]++;
        firstDropNanos[id] = firstDropNanosOf(id);
        if (baseChanged) {
            if (changeCount == changes.length) {
                changes = Arrays.copyOf(changes, changeCount * 2);
            }
            changes[changeCount++] = id;
        }
        long key = dropKeyOf(id);
        if (key >= 0 && key != dropKey[id]) {
            if (dropKey[id] >= 0) {
                removeDrop(dropKey[id]);
            }
            addDrop(key);
            dropKey[id] = key;
        }
    }

    /** Node {@code id}'s entry in {@link #drops}; -1 where its timeline has no drop. */
    private long dropKeyOf(int id) {
        Instant first = nodes.get(id).firstDrop();
        if (first == null) {
            return -1;
        }
        return (Math.min(Math.max(Duration.between(now, first).toMillis(), 0), FAR) << 20) | id;
    }

    private long firstDropNanosOf(int id) {
        Instant first = nodes.get(id).firstDrop();
        return first == null ? Long.MAX_VALUE : nanosAfterNow(first);
    }

    private void addDrop(long key) {
        if (dropCount == drops.length) {
            drops = Arrays.copyOf(drops, dropCount * 2);
        }
        int at = -Arrays.binarySearch(drops, 0, dropCount, key) - 1; // keys are unique: the id is in them
        System.arraycopy(drops, at, drops, at + 1, dropCount - at);
        drops[at] = key;
        dropCount++;
    }

    private void removeDrop(long key) {
        int at = Arrays.binarySearch(drops, 0, dropCount, key);
        System.arraycopy(drops, at + 1, drops, at, dropCount - at - 1);
        dropCount--;
    }

    /** Resources came back: every kept fit is dropped (releases only happen while a map is built). */
    void reset() {
        kept.clear();
    }

    /**
     * The fit of the request from now until {@code end}. With {@code fitOnly}, only a {@link FitResult.Fit} is
     * exact: a node with a drop that already takes nothing as it is now is left out (its view offers no more, so it
     * takes nothing either and changes no allocation), which leaves the rejection counts of a NoFit short.
     */
    FitResult fit(ResourceRequest request, Partition partition, ResourceFit by, Instant end, boolean fitOnly) {
        Shape shape = new Shape(request, partition.name());
        Kept entry = kept.get(shape);
        int[] index = positions.apply(partition);
        if (entry == null || entry.by() != by) {
            // The partition's node ids by position, from the position of each id: no lookup by name per node.
            int[] members = new int[partition.nodes().size()];
            for (int id = 0; id < index.length; id++) {
                if (index[id] >= 0) {
                    members[index[id]] = id;
                }
            }
            List<NodeFree> base = new ArrayList<>(members.length);
            for (int member : members) {
                base.add(nodes.get(member).base());
            }
            entry = new Kept(new KeptFit(by, request, partition, base), by, changeCount, members,
                    new int[members.length]);
        } else {
            replay++;
            for (int k = entry.applied(); k < changeCount; k++) {
                int id = changes[k];
                if (replayed[id] == replay) {
                    continue;
                }
                replayed[id] = replay;
                if (index[id] >= 0) {
                    entry.fit().changed(index[id], nodes.get(id).base());
                }
            }
            entry = new Kept(entry.fit(), by, changeCount, entry.members(), entry.verdicts());
        }
        kept.put(shape, entry);
        long endOffset = ceilMillis(end);
        long endNanos = nanosAfterNow(end);
        int size = Math.min(dropCount, partition.nodes().size());
        if (seen.length < size) {
            seen = new int[size];
            views = new NodeFree[size];
        }
        int[] seen = this.seen;
        NodeFree[] views = this.views;
        int[] members = entry.members();
        // A single-node job's allocation is decided among the nodes of at most this Weight (see KeptFit).
        int heaviest = fitOnly
                ? entry.fit().singleNodeWeight(i -> dropsBefore(members[i], endOffset), BOUND_LOOK) : Integer.MAX_VALUE;
        int count = 0;
        for (int d = 0; d < dropCount; d++) {
            long key = drops[d];
            long offset = key >>> 20;
            if (offset >= endOffset && offset < FAR) {
                break;
            }
            int id = (int) (key & 0xFFFFF);
            if (index[id] < 0 || weights[id] > heaviest) {
                continue;
            }
            if (fitOnly) {
                int verdict = verdict(entry, index[id], id);
                if (verdict == REJECTS_NOW) {
                    continue;
                }
                if (verdict == REJECTS_PAST_DROP && firstDropNanos[id] < endNanos) {
                    seen[count] = index[id]; // takes no task: no view needed (KeptFit#fit, a null view)
                    views[count++] = null;
                    continue;
                }
            }
            NodeFree view = view(id, end, endNanos);
            if (view != null) {
                seen[count] = index[id];
                views[count++] = view;
            }
        }
        return entry.fit().fit(seen, views, count);
    }

    /**
     * What a fit that only needs an allocation does with node {@code id} (at {@code position} in the partition),
     * kept per shape until the node is next held or released. {@link #REJECTS_NOW}: it takes no task as it is now,
     * and so none through any view of it (a view offers no more of anything). {@link #REJECTS_PAST_DROP}: it takes
     * none through its view just past its first drop; a job ending after that drop sees it through a view that
     * offers no more than that one (the same segments narrowed by more drops), so it takes none either, and its view
     * need not be made or evaluated. These are the nodes most fits visit: nodes free now and reserved later, whose
     * views from now past the reservation hold nothing a job of the shape needs.
     */
    private int verdict(Kept entry, int position, int id) {
        int made = entry.verdicts()[position];
        if (made >>> 2 == touches[id] + 1) {
            return made & 3;
        }
        int verdict;
        if (entry.fit().rejects(position)) {
            verdict = REJECTS_NOW;
        } else {
            NodeTimeline timeline = nodes.get(id);
            Instant first = timeline.firstDrop();
            verdict = first != null && entry.fit().rejectsView(timeline.freeDuring(now, first.plusNanos(1)))
                    ? REJECTS_PAST_DROP : LIVE;
        }
        entry.verdicts()[position] = (touches[id] + 1) << 2 | verdict;
        return verdict;
    }

    /** Whether node {@code id} may have a drop before {@code endOffset} (ms after now), as the walk in fit sees it. */
    private boolean dropsBefore(int id, long endOffset) {
        long key = dropKey[id];
        if (key < 0) {
            return false;
        }
        long offset = key >>> 20;
        return offset < endOffset || offset >= FAR;
    }

    /** What node {@code id} offers from now until {@code end}; null where that is its first segment. */
    private NodeFree view(int id, Instant end, long endNanos) {
        if (lastView[id] != null && viewAfter[id] < endNanos && endNanos <= viewUntil[id]) {
            return lastView[id];
        }
        if (olderView[id] != null && olderAfter[id] < endNanos && endNanos <= olderUntil[id]) {
            NodeFree older = olderView[id];
            remember(id, older, olderAfter[id], olderUntil[id]);
            return older;
        }
        NodeTimeline timeline = nodes.get(id);
        NodeFree view = timeline.freeDuring(now, end);
        if (view == timeline.base()) {
            return null; // no drop before the end after all: the kept evaluation is right
        }
        Instant before = timeline.dropBefore(end);
        Instant after = timeline.dropAtOrAfter(end);
        long from = before == null ? Long.MIN_VALUE : nanosAfterNow(before);
        long until = after == null ? Long.MAX_VALUE : nanosAfterNow(after);
        if (endNanos != Long.MAX_VALUE && from != Long.MAX_VALUE && (until != Long.MAX_VALUE || after == null)) {
            remember(id, view, from, until); // only where the nanoseconds say exactly which drops an end passes
        }
        return view;
    }

    /** Makes {@code view} node {@code id}'s last view, for ends after {@code from} up to {@code until}. */
    private void remember(int id, NodeFree view, long from, long until) {
        NodeFree last = lastView[id];
        long lastFrom = viewAfter[id];
        long lastUntil = viewUntil[id];
        lastView[id] = view;
        viewAfter[id] = from;
        viewUntil[id] = until;
        olderView[id] = last;
        olderAfter[id] = lastFrom;
        olderUntil[id] = lastUntil;
    }

    /** Nanoseconds from now to {@code at}; {@link Long#MAX_VALUE} where that does not fit. */
    private long nanosAfterNow(Instant at) {
        Duration until = Duration.between(now, at.equals(Instant.MAX) ? now : at);
        if (at.equals(Instant.MAX) || until.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L - 1) {
            return Long.MAX_VALUE;
        }
        return until.toNanos();
    }

    /** Milliseconds from now to {@code at}, rounded up, so that no drop before {@code at} is missed. */
    private long ceilMillis(Instant at) {
        Duration until = Duration.between(now, at.equals(Instant.MAX) ? now : at);
        if (at.equals(Instant.MAX) || until.getSeconds() >= FAR / 1000) {
            return Long.MAX_VALUE;
        }
        return until.toMillis() + (until.toNanosPart() % 1_000_000 == 0 ? 0 : 1);
    }

    /** Whether fits of this request can be kept (see {@link KeptFit#applies}). */
    static boolean applies(ResourceFit by, ResourceRequest request, Partition partition) {
        return KeptFit.applies(by, request, partition);
    }
}
