package io.jslurm.sched.backfill;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Finds a job's earliest start in a {@link SlotMap} without fitting it at every slot. What a node offers a job
 * starting at t depends only on the node's segments overlapping [t, t + limit), which change when t reaches one of
 * the node's own change points or t + limit passes one; so each node is re-evaluated only there, running totals are
 * kept, and the whole fit runs only at slots where those totals allow it.
 */
final class StartSearch {

    private final SlotMap map;
    private final QueueEntry entry;
    private final ResourceFit fit;
    private final FitProbe probe;
    private final List<NodeTimeline> timelines;
    private final List<String> names;
    /** The per-node counts and totals: the shape's cursor, or counts of this search alone. */
    private SearchCursor counts;

    StartSearch(SlotMap map, QueueEntry entry, ResourceFit fit) {
        this.map = map;
        this.entry = entry;
        this.fit = fit;
        this.probe = fit.probe(entry.job().request(), entry.partition());
        this.timelines = map.timelines(entry.partition());
        this.names = entry.partition().nodes();
    }

    Optional<SlotMap.Slot> earliest(Instant horizon) {
        Instant now = map.now();
        Optional<Duration> length = map.lengthOnGrid(entry.timeLimit());
        Shape shape = Shape.of(entry);
        long lengthKey = length.map(Duration::toMillis).orElse(Long.MAX_VALUE);
        long bound = map.probeBounds().earliest(shape, lengthKey);
        if (bound == ProbeBounds.NEVER || !now.plusMillis(bound).isBefore(horizon)) {
            return Optional.empty(); // a job of this shape, no longer than this one, found no moment to start
        }
        if (bound == ProbeBounds.NONE && now.isBefore(horizon)) {
            // Most jobs a pass examines either fit now or not at all: one whole fit answers the first case.
            Optional<Allocation> atNow = map.allocationAt(entry.job().request(), entry.partition(),
                    entry.timeLimit(), fit, now);
            if (atNow.isPresent()) {
                return Optional.of(new SlotMap.Slot(now, atNow.get()));
            }
        }
        boolean[] usable = map.usable(shape, probe, timelines);
        ChangeIndex index = map.changes(entry.partition());
        // As the job's end passes a change point, a node offers something else only where the point is a drop.
        ChangeIndex drops = map.drops(entry.partition());
        long nowMillis = now.toEpochMilli();
        long lengthMillis = length.map(Duration::toMillis).orElse(-1L);
        // The index serves only where every change point fits in it; otherwise this search gathers its own events.
        boolean indexed = !index.hasFar() && horizon.toEpochMilli() - nowMillis < ChangeIndex.LIMIT;
        IndexEvents indexEvents = indexed
                ? new IndexEvents(index.entries(), index.size(), drops.entries(), drops.size(), usable,
                        lengthMillis < 0 ? -1 : lengthMillis - map.step().toMillis())
                : null;
        Events events = indexed ? indexEvents : new EventList(events(now, horizon, length, usable));
        // Indexed, the counts are those of the shape's cursor nearest the first slot, chosen there.
        counts = indexed ? null : new SearchCursor(timelines.size());
        ProbeMemo memo = map.probeMemo(shape, timelines.size());
        boolean probePassed = false;
        boolean first = true;
        for (Instant slot : map.slotsBetween(now.plusMillis(bound), horizon)) {
            long at = slot.toEpochMilli() - nowMillis;
            int pending;
            if (first && indexed) {
                indexEvents.skipTo(at);
                pending = catchUp(shape, index.entries(), index.size(), drops.entries(), drops.size(), usable, at,
                        endOffset(at, lengthMillis));
            } else {
                pending = events.upTo(at, counts, 0);
            }
            first = false;
            Instant end = length.map(slot::plus).orElse(Instant.MAX);
            // Node indexes to re-evaluate at this slot; each node is in the list at most once (see dirty).
            int[] toEvaluate = counts.toEvaluate;
            for (int i = 0; i < pending; i++) {
                int node = toEvaluate[i];
                NodeTimeline timeline = timelines.get(node);
                update(node, timeline.freeDuring(slot, end), timeline.version(), memo);
                counts.dirty[node] = false;
            }
            counts.slot = at;
            counts.end = endOffset(at, lengthMillis);
            if (probe.mayFit(counts.usefulNodes, counts.totalTasks, counts.fullNodes, counts.totalGpus,
                    counts.requiredUseful)) {
                if (!probePassed) {
                    // Rounded down, so that a later search starting from the bound still visits this slot.
                    map.probeBounds().record(shape, lengthKey, Duration.between(now, slot).toMillis());
                    probePassed = true;
                }
                Optional<Allocation> found = fitAt(slot);
                if (found.isPresent()) {
                    return Optional.of(new SlotMap.Slot(slot, found.get()));
                }
            }
        }
        if (!probePassed) {
            // Only up to this horizon: a later search with a farther one must still look beyond it.
            map.probeBounds().record(shape, lengthKey, Duration.between(now, horizon).toMillis());
        }
        return Optional.empty();
    }

    /** Where a job starting {@code at} ms after now ends, as {@link SearchCursor#end} keeps it. */
    private static long endOffset(long at, long lengthMillis) {
        return lengthMillis < 0 || lengthMillis >= ChangeIndex.LIMIT - at ? ChangeIndex.LIMIT : at + lengthMillis;
    }

    /**
     * Marks the nodes to evaluate at the first slot ({@code at} ms after now, the job ending {@code end} ms after
     * now): where the cursor's counts are for another slot or end, only the nodes whose view may differ. What a
     * node offers from slot s to end e is its segment at s narrowed by the drops starting before e: the same as
     * the cursor saw unless the node was held since, or one of its segments starts after one slot and at or before
     * the other, or one of its drops starts at or after one end and before the other ({@code dropEntries}, the first
     * {@code dropSize} of them). Where those are more than the usable nodes, all of them are looked at again.
     *
     * @return how many nodes were marked in the cursor's list
     */
    private int catchUp(Shape shape, long[] entries, int size, long[] dropEntries, int dropSize, boolean[] usable,
            long at, long end) {
        int logEnd = map.heldCount();
        List<SearchCursor> kept = map.cursors(shape);
        SearchCursor nearest = null;
        long least = Long.MAX_VALUE;
        for (SearchCursor cursor : kept) {
            long work = cursor.work(entries, size, dropEntries, dropSize, at, end, logEnd);
            if (work < least) {
                least = work;
                nearest = cursor;
            }
        }
        if (kept.size() < SearchCursor.PER_SHAPE) {
            // Copies spread over the lengths and slots searched, so that a later search finds one near its own.
            nearest = nearest == null ? new SearchCursor(timelines.size()) : nearest.copy();
            kept.add(nearest);
        }
        counts = nearest;
        int count = 0;
        if (least < usable.length) {
            int[] positions = map.positions(entry.partition());
            for (int k = nearest.logged; k < logEnd; k++) {
                int node = positions[map.heldNode(k)];
                if (node >= 0 && usable[node]) {
                    count = mark(node, nearest.dirty, nearest.toEvaluate, count);
                }
            }
            count = markEntries(entries, ChangeIndex.firstAtOrAfter(entries, size, Math.min(nearest.slot, at) + 1),
                    ChangeIndex.firstAtOrAfter(entries, size, Math.max(nearest.slot, at) + 1), usable, count);
            count = markEntries(dropEntries, ChangeIndex.firstAtOrAfter(dropEntries, dropSize, Math.min(nearest.end, end)),
                    ChangeIndex.firstAtOrAfter(dropEntries, dropSize, Math.max(nearest.end, end)), usable, count);
        } else {
            for (int node = 0; node < usable.length; node++) {
                if (usable[node]) {
                    count = mark(node, nearest.dirty, nearest.toEvaluate, count);
                }
            }
        }
        nearest.logged = logEnd;
        return count;
    }

    private int markEntries(long[] entries, int from, int to, boolean[] usable, int count) {
        for (int k = from; k < to; k++) {
            int node = (int) (entries[k] & 0xFFFFF);
            if (usable[node]) {
                count = mark(node, counts.dirty, counts.toEvaluate, count);
            }
        }
        return count;
    }

    /**
     * Moments, as milliseconds after now packed with the node index, at which a node's offer may change: now, each
     * of its change points, and each change point minus the job's length plus one step.
     */
    private long[] events(Instant now, Instant horizon, Optional<Duration> length, boolean[] usable) {
        long nowMillis = now.toEpochMilli();
        long horizonMillis = horizon.toEpochMilli() - nowMillis;
        long step = map.step().toMillis();
        long lengthMillis = length.map(Duration::toMillis).orElse(-1L);
        long[] events = new long[16];
        int count = 0;
        for (int node = 0; node < timelines.size(); node++) {
            if (!usable[node]) {
                continue; // never useful to this job: its offer stays 0, so it needs no events
            }
            NodeTimeline timeline = timelines.get(node);
            if (count + 1 >= events.length) {
                events = Arrays.copyOf(events, events.length * 2);
            }
            events[count++] = node;
            for (int change = 0; change < timeline.changeCount(); change++) {
                long offset = timeline.changeAt(change).toEpochMilli() - nowMillis;
                if (offset > 0 && offset < horizonMillis) {
                    events = ensure(events, count + 2);
                    events[count++] = (offset << 20) | node;
                }
                if (lengthMillis >= 0) {
                    long entering = offset - lengthMillis + step;
                    if (entering > 0 && entering < horizonMillis) {
                        events = ensure(events, count + 2);
                        events[count++] = (entering << 20) | node;
                    }
                }
            }
        }
        long[] sorted = Arrays.copyOf(events, count);
        Arrays.sort(sorted);
        return sorted;
    }

    /**
     * The whole fit at a slot. The nodes whose probe offers no task are exactly those the fit rejects (the probe
     * counts tasks as the fit does; where it stopped narrowing early, no core and so no task was left), so where
     * the fit may do without the others it looks at the useful ones only.
     */
    private Optional<Allocation> fitAt(Instant slot) {
        if (NowFits.applies(fit, entry.job().request(), entry.partition())) {
            return map.fitAmong(entry.job().request(), entry.partition(), entry.timeLimit(), fit, slot, counts.tasks);
        }
        FitResult result = map.fitAt(entry.job().request(), entry.partition(), entry.timeLimit(), fit, slot);
        return result instanceof FitResult.Fit found ? Optional.of(found.allocation()) : Optional.empty();
    }

    /** Which nodes to look at again, slot after slot. */
    private interface Events {
        /**
         * Marks (in the cursor's {@code dirty}, listing them in its {@code toEvaluate} from {@code count} on) the
         * nodes whose offer may have changed by {@code at} ms after now; the slots are asked for in order.
         *
         * @return the new count
         */
        int upTo(long at, SearchCursor cursor, int count);
    }

    private static int mark(int node, boolean[] dirty, int[] out, int count) {
        if (!dirty[node]) {
            dirty[node] = true;
            out[count++] = node;
        }
        return count;
    }

    /** Events gathered and sorted for this search alone (see {@link #events}). */
    private static final class EventList implements Events {
        private final long[] events;
        private int next;

        EventList(long[] events) {
            this.events = events;
        }

        @Override
        public int upTo(long at, SearchCursor cursor, int count) {
            while (next < events.length && (events[next] >> 20) <= at) {
                count = mark((int) (events[next++] & 0xFFFFF), cursor.dirty, cursor.toEvaluate, count);
            }
            return count;
        }
    }

    /**
     * The same events read from the map's {@link ChangeIndex}, which holds every node's change points in one sorted
     * array: a node's offer may change when the slot reaches one of its change points, or when the job's end
     * passes one that drops (the slot reaches the change point minus the job's length plus one step). Two cursors
     * walk the index and the drops' index for the two, from the first slot on ({@link #skipTo}: what lies before it
     * is the first slot's concern).
     */
    private static final class IndexEvents implements Events {
        private final long[] entries;
        /** How many of {@code entries} are the index's. */
        private final int size;
        private final long[] dropEntries;
        private final int dropSize;
        private final boolean[] usable;
        /** The job's length minus one step; negative without a limit (no end passes anything). */
        private final long lead;
        private int reached;
        private int entered;

        IndexEvents(long[] entries, int size, long[] dropEntries, int dropSize, boolean[] usable, long lead) {
            this.entries = entries;
            this.size = size;
            this.dropEntries = dropEntries;
            this.dropSize = dropSize;
            this.usable = usable;
            this.lead = lead;
        }

        /** Passes over every event up to {@code at} ms after now without marking any node. */
        void skipTo(long at) {
            reached = ChangeIndex.firstAtOrAfter(entries, size, at + 1);
            entered = lead < 0 ? dropSize : ChangeIndex.firstAtOrAfter(dropEntries, dropSize, at + lead + 1);
        }

        @Override
        public int upTo(long at, SearchCursor cursor, int count) {
            while (reached < size && (entries[reached] >> 20) <= at) {
                count = visit((int) (entries[reached++] & 0xFFFFF), cursor, count);
            }
            while (lead >= 0 && entered < dropSize && (dropEntries[entered] >> 20) - lead <= at) {
                int node = (int) (dropEntries[entered++] & 0xFFFFF);
                // Unless the slot reached one of its change points since its count was taken (then it is marked
                // already), the node's view only narrows as the end passes a drop: one offering no task still offers
                // none. In the benchmark's pass every such node offered none: an eighth of the re-evaluations.
                if (cursor.tasks[node] > 0) {
                    count = visit(node, cursor, count);
                }
            }
            return count;
        }

        private int visit(int node, SearchCursor cursor, int count) {
            return usable[node] ? mark(node, cursor.dirty, cursor.toEvaluate, count) : count;
        }
    }

    private static long[] ensure(long[] events, int size) {
        return size <= events.length ? events : Arrays.copyOf(events, Math.max(size, events.length * 2));
    }

    private void update(int node, NodeFree free, int version, ProbeMemo memo) {
        remove(node);
        memo.see(node, free, version, probe);
        counts.tasks[node] = memo.tasks(node);
        counts.gpus[node] = memo.gpus(node);
        add(node);
    }

    private void remove(int node) {
        adjust(node, -1);
    }

    private void add(int node) {
        adjust(node, 1);
    }

    private void adjust(int node, int sign) {
        SearchCursor c = counts;
        int offered = c.tasks[node];
        if (offered == 0) {
            return;
        }
        if (probe.useful(offered)) {
            c.usefulNodes += sign;
            if (!probe.requiredNodes().isEmpty() && probe.requiredNodes().contains(names.get(node))) {
                c.requiredUseful += sign;
            }
        }
        c.totalTasks += (long) sign * offered;
        c.totalGpus += (long) sign * c.gpus[node];
        if (probe.holdsAllTasks(offered)) {
            c.fullNodes += sign;
        }
    }
}
