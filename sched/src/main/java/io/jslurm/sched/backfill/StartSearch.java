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
    private int[] tasks;
    private int[] gpus;
    private int usefulNodes;
    private long totalTasks;
    private int fullNodes;
    private long totalGpus;
    private int requiredUseful;

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
            FitResult atNow = map.fitAt(entry.job().request(), entry.partition(), entry.timeLimit(), fit, now);
            if (atNow instanceof FitResult.Fit found) {
                return Optional.of(new SlotMap.Slot(now, found.allocation()));
            }
        }
        boolean[] usable = map.usable(shape, probe, timelines);
        ChangeIndex index = map.changes(entry.partition());
        long nowMillis = now.toEpochMilli();
        Events events = index.hasFar() || horizon.toEpochMilli() - nowMillis >= ChangeIndex.LIMIT
                ? new EventList(events(now, horizon, length, usable))
                : new IndexEvents(index.entries(), usable,
                        length.map(l -> l.toMillis() - map.step().toMillis()).orElse(-1L));
        tasks = new int[timelines.size()];
        gpus = new int[timelines.size()];
        ProbeMemo memo = map.probeMemo(shape, timelines.size());
        boolean[] dirty = new boolean[timelines.size()];
        // Node indexes to re-evaluate at this slot; each node is in it at most once (see dirty).
        int[] toEvaluate = new int[timelines.size()];
        boolean probePassed = false;
        for (Instant slot : map.slotsBetween(now.plusMillis(bound), horizon)) {
            int pending = events.upTo(slot.toEpochMilli() - nowMillis, dirty, toEvaluate, 0);
            Instant end = length.map(slot::plus).orElse(Instant.MAX);
            for (int i = 0; i < pending; i++) {
                int node = toEvaluate[i];
                NodeTimeline timeline = timelines.get(node);
                update(node, timeline.freeDuring(slot, end), timeline.version(), memo);
                dirty[node] = false;
            }
            if (probe.mayFit(usefulNodes, totalTasks, fullNodes, totalGpus, requiredUseful)) {
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
            return map.fitAmong(entry.job().request(), entry.partition(), entry.timeLimit(), fit, slot, tasks);
        }
        FitResult result = map.fitAt(entry.job().request(), entry.partition(), entry.timeLimit(), fit, slot);
        return result instanceof FitResult.Fit found ? Optional.of(found.allocation()) : Optional.empty();
    }

    /** Which nodes to look at again, slot after slot. */
    private interface Events {
        /**
         * Marks (in {@code dirty}, listing them in {@code out} from {@code count} on) the nodes whose offer may have
         * changed by {@code at} ms after now; the slots are asked for in order.
         *
         * @return the new count
         */
        int upTo(long at, boolean[] dirty, int[] out, int count);
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
        public int upTo(long at, boolean[] dirty, int[] out, int count) {
            while (next < events.length && (events[next] >> 20) <= at) {
                count = mark((int) (events[next++] & 0xFFFFF), dirty, out, count);
            }
            return count;
        }
    }

    /**
     * The same events read from the map's {@link ChangeIndex}, which holds every node's change points in one sorted
     * array: a node's offer may change when the slot reaches one of its change points, or when the job's end
     * passes one (the slot reaches the change point minus the job's length plus one step). Two cursors walk the
     * index for the two; every usable node is looked at on the first slot, so what lies before it is skipped.
     */
    private static final class IndexEvents implements Events {
        private final long[] entries;
        private final boolean[] usable;
        /** The job's length minus one step; negative without a limit (no end passes anything). */
        private final long lead;
        private int reached;
        private int entered;
        private boolean started;

        IndexEvents(long[] entries, boolean[] usable, long lead) {
            this.entries = entries;
            this.usable = usable;
            this.lead = lead;
        }

        @Override
        public int upTo(long at, boolean[] dirty, int[] out, int count) {
            boolean first = !started;
            started = true;
            if (first) {
                for (int node = 0; node < usable.length; node++) {
                    if (usable[node]) {
                        count = mark(node, dirty, out, count);
                    }
                }
            }
            while (reached < entries.length && (entries[reached] >> 20) <= at) {
                count = visit(entries[reached++], first, dirty, out, count);
            }
            while (lead >= 0 && entered < entries.length && (entries[entered] >> 20) - lead <= at) {
                count = visit(entries[entered++], first, dirty, out, count);
            }
            return count;
        }

        private int visit(long entry, boolean first, boolean[] dirty, int[] out, int count) {
            int node = (int) (entry & 0xFFFFF);
            return first || !usable[node] ? count : mark(node, dirty, out, count);
        }
    }

    private static long[] ensure(long[] events, int size) {
        return size <= events.length ? events : Arrays.copyOf(events, Math.max(size, events.length * 2));
    }

    private void update(int node, NodeFree free, int version, ProbeMemo memo) {
        remove(node);
        memo.see(node, free, version, probe);
        tasks[node] = memo.tasks(node);
        gpus[node] = memo.gpus(node);
        add(node);
    }

    private void remove(int node) {
        adjust(node, -1);
    }

    private void add(int node) {
        adjust(node, 1);
    }

    private void adjust(int node, int sign) {
        int offered = tasks[node];
        if (offered == 0) {
            return;
        }
        if (probe.useful(offered)) {
            usefulNodes += sign;
            if (!probe.requiredNodes().isEmpty() && probe.requiredNodes().contains(names.get(node))) {
                requiredUseful += sign;
            }
        }
        totalTasks += (long) sign * offered;
        totalGpus += (long) sign * gpus[node];
        if (probe.holdsAllTasks(offered)) {
            fullNodes += sign;
        }
    }
}
