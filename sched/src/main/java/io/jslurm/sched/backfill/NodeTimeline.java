package io.jslurm.sched.backfill;

import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.select.NodeFree;
import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The future free resources of one node: segments, each starting at its key and lasting until the next key (the
 * last one forever).
 */
final class NodeTimeline {

    private final NavigableMap<Instant, NodeFree> segments;

    private NodeTimeline(NavigableMap<Instant, NodeFree> segments) {
        this.segments = segments;
    }

    static NodeTimeline startingWith(Instant now, NodeFree current) {
        NavigableMap<Instant, NodeFree> segments = new TreeMap<>();
        segments.put(now, current);
        return new NodeTimeline(segments);
    }

    NodeTimeline copy() {
        NavigableMap<Instant, NodeFree> copy = new TreeMap<>();
        segments.forEach((start, free) -> copy.put(start, free.copy()));
        return new NodeTimeline(copy);
    }

    /** Resources a job holds come back from {@code at} on. */
    void release(NodeAllocation allocation, Instant at) {
        split(at);
        segments.tailMap(at, true).values().forEach(free -> free.release(allocation));
    }

    /** Resources taken from {@code from} until {@code to} ({@link Instant#MAX} for ever). */
    void hold(NodeAllocation allocation, Instant from, Instant to) {
        split(from);
        split(to);
        segments.subMap(from, true, to, false).values().forEach(free -> free.allocate(allocation));
    }

    /**
     * What is free during all of {@code [from, to)}. The result may be the stored segment itself: callers read it and
     * do not change it.
     */
    NodeFree freeDuring(Instant from, Instant to) {
        Map.Entry<Instant, NodeFree> first = segments.floorEntry(from);
        Instant next = segments.higherKey(from);
        if (next == null || !next.isBefore(to)) {
            return first.getValue();
        }
        NavigableMap<Instant, NodeFree> later = segments.subMap(from, false, to, false);
        NodeFree free = first.getValue().copy();
        later.values().forEach(free::retainFree);
        return free;
    }

    Iterable<Instant> changes() {
        return segments.keySet();
    }

    private void split(Instant at) {
        if (at.equals(Instant.MAX) || segments.containsKey(at)) {
            return;
        }
        Map.Entry<Instant, NodeFree> before = segments.floorEntry(at);
        if (before != null) {
            segments.put(at, before.getValue().copy());
        }
    }
}
