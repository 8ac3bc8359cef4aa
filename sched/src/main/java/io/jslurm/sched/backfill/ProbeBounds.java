package io.jslurm.sched.backfill;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * What earlier start searches of one pass learnt about later ones: for a {@link Shape} and a
 * length on the grid, the first moment at which the start search's per-node probe may pass.
 *
 * <p>This holds for every later job of the same shape that is at least as long, because during a pass the map only
 * ever loses resources (holds, never releases): a longer job needs its nodes over more segments, so each node offers
 * it no more than it offered the shorter one, and the probe is a monotone necessary condition. Moments added to the
 * map later (a new reservation's end) fall inside a stretch between two old moments and offer no more than the old
 * moment before them. Only the probe is carried over, never a whole fit, so a search that uses a bound reaches the
 * same slot and allocation as one that does not; it only skips moments at which it would have found nothing.
 */
final class ProbeBounds {

    /** Unknown: the probe may pass from now on. */
    static final long NONE = 0;
    /** The probe passes nowhere at all. */
    static final long NEVER = Long.MAX_VALUE;

    /** Per shape: length on the grid (millis; MAX for no limit) to bound (millis after now), both increasing. */
    private final Map<Shape, TreeMap<Long, Long>> byShape = new HashMap<>();

    /** Milliseconds after now before which the probe cannot pass for a job of this shape and length. */
    long earliest(Shape shape, long length) {
        TreeMap<Long, Long> bounds = byShape.get(shape);
        if (bounds == null) {
            return NONE;
        }
        Map.Entry<Long, Long> shorter = bounds.floorEntry(length);
        return shorter == null ? NONE : shorter.getValue();
    }

    /** Records that the probe did not pass before {@code bound} (millis after now) for this shape and length. */
    void record(Shape shape, long length, long bound) {
        if (bound <= earliest(shape, length)) {
            return;
        }
        TreeMap<Long, Long> bounds = byShape.computeIfAbsent(shape, s -> new TreeMap<>());
        bounds.put(length, bound);
        // Keep only entries that say more than a shorter one: bounds then rise with length, and floorEntry is the max.
        Iterator<Long> longer = bounds.tailMap(length, false).values().iterator();
        while (longer.hasNext() && longer.next() <= bound) {
            longer.remove();
        }
    }

    /** Forgets everything: for when resources are given back to the map. */
    void clear() {
        byShape.clear();
    }
}
