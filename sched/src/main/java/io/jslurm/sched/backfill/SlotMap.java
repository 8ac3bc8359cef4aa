package io.jslurm.sched.backfill;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Future availability of the cluster over bf_window: per node, free resources from each moment a running job ends
 * or a reservation begins or ends. Every moment is rounded up to bf_resolution, so that nearby ends merge into one
 * slot. Times are inputs; nothing here reads a clock.
 */
public final class SlotMap {

    /** Beyond this, moments are not rounded (and millisecond arithmetic could overflow). */
    private static final Duration FAR_FUTURE = Duration.ofDays(365L * 1000);

    private final Instant now;
    private final Duration resolution;
    private final Map<String, NodeTimeline> timelines;
    /** The timelines in the order of the nodes given, and each node's position there. */
    private final List<NodeTimeline> ordered;
    private final Map<String, Integer> ids;
    /** Fits at now kept across jobs; made on first use, dropped when resources come back. */
    private NowFits nowFits;
    /** By partition: each node id's position in it (-1: not in it). */
    private final Map<String, int[]> positions = new HashMap<>();
    /** By partition, made on first use, dropped when resources come back. */
    private final Map<String, ChangeIndex> changes = new HashMap<>();
    /** The same for the dropping segment starts only ({@link #drops}). */
    private final Map<String, ChangeIndex> drops = new HashMap<>();
    private final NavigableSet<Instant> slots;
    private final Map<String, List<NodeTimeline>> byPartition = new HashMap<>();
    private final ProbeBounds probeBounds = new ProbeBounds();
    /** Per shape, which nodes of its partition could take any of it were they empty: fixed while the nodes are. */
    private final Map<Shape, boolean[]> usable = new HashMap<>();
    private final Map<Shape, ProbeMemo> probeMemos = new HashMap<>();
    private final Map<Shape, List<SearchCursor>> cursors = new HashMap<>();
    /** Ids of the nodes held, in order, one entry per node and hold: what start search cursors catch up on. */
    private int[] held = new int[64];
    private int heldCount;
    /** bf_busy_nodes: fits after now take nodes busy now first; null for the plain ranking. */
    private Predicate<NodeFree> preferred;

    private SlotMap(Instant now, Duration resolution, List<String> names, Map<String, NodeTimeline> timelines,
            NavigableSet<Instant> slots) {
        this.now = now;
        this.resolution = resolution;
        this.timelines = timelines;
        this.slots = slots;
        this.ordered = new ArrayList<>(names.size());
        this.ids = new HashMap<>();
        for (String name : names) {
            ids.put(name, ordered.size());
            ordered.add(timelines.get(name));
        }
    }

    /** Starts from what is free now on {@code nodes}; add releases with {@link #release}. */
    public static SlotMap startingAt(Instant now, Duration resolution, List<Node> nodes, FreeResources free) {
        requireNonNull(now, "now is null");
        Map<String, NodeTimeline> timelines = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (Node node : nodes) {
            free.node(node.name()).ifPresent(current -> {
                timelines.put(node.name(), NodeTimeline.startingWith(now, current.copy()));
                names.add(node.name());
            });
        }
        NavigableSet<Instant> slots = new TreeSet<>();
        slots.add(now);
        return new SlotMap(now, requireNonNull(resolution, "resolution is null"), names, timelines, slots);
    }

    public SlotMap copy() {
        Map<String, NodeTimeline> copies = new HashMap<>();
        timelines.forEach((name, timeline) -> copies.put(name, timeline.copy()));
        List<String> names = new ArrayList<>(ids.keySet());
        names.sort((a, b) -> Integer.compare(ids.get(a), ids.get(b)));
        return new SlotMap(now, resolution, names, copies, new TreeSet<>(slots));
    }

    /**
     * bf_busy_nodes: from now on, a fit at a later moment (a reservation) ranks the nodes that have something
     * allocated now (running jobs, this pass's starts) before the idle ones of the same Weight.
     */
    void preferBusyNodes() {
        preferred = free -> {
            NodeTimeline timeline = timelines.get(free.node().name());
            return timeline != null && !timeline.base().idle();
        };
    }

    /** What a fit starting at {@code start} prefers: nothing at now, the busy nodes later under bf_busy_nodes. */
    private Predicate<NodeFree> preferenceAt(Instant start) {
        return preferred != null && start.isAfter(now) ? preferred : null;
    }

    /**
     * Moments are rounded up to the resolution grid that starts now; a job already past its expected end is
     * taken to end one step from now.
     */
    public Instant round(Instant at) {
        if (Duration.between(now, at).compareTo(FAR_FUTURE) > 0) {
            return at;
        }
        long step = resolution.toMillis();
        long offset = Math.max(Duration.between(now, at).toMillis(), 1);
        long steps = (offset + step - 1) / step;
        return now.plusMillis(steps * step);
    }

    /** A running job's resources return at its expected end. */
    public void release(Allocation allocation, Instant expectedEnd) {
        Instant at = round(expectedEnd);
        for (NodeAllocation part : allocation.nodes()) {
            NodeTimeline timeline = timelines.get(part.node());
            if (timeline != null) {
                timeline.release(part, at);
            }
        }
        slots.add(at);
        probeBounds.clear(); // they hold only while the map loses resources
        nowFits = null;
        changes.clear();
        drops.clear();
        cursors.clear();
    }

    /** Holds resources for a job from {@code start} for {@code timeLimit} (empty: for ever). */
    public void hold(Allocation allocation, Instant start, Optional<Duration> timeLimit) {
        Instant end = end(start, timeLimit);
        for (NodeAllocation part : allocation.nodes()) {
            NodeTimeline.Held held = timelines.get(part.node()).hold(part, start, end);
            int id = ids.get(part.node());
            logHeld(id);
            if (nowFits != null) {
                nowFits.touched(id, held.baseChanged());
            }
            if (held.newFrom() || held.newTo()) {
                changes.forEach((partition, index) -> {
                    int position = positions.get(partition)[id];
                    if (position >= 0 && held.newFrom()) {
                        index.add(start.toEpochMilli() - now.toEpochMilli(), position);
                    }
                    if (position >= 0 && held.newTo()) {
                        index.add(end.toEpochMilli() - now.toEpochMilli(), position);
                    }
                });
            }
            if (held.newDrop()) {
                drops.forEach((partition, index) -> {
                    int position = positions.get(partition)[id];
                    if (position >= 0) {
                        index.add(start.toEpochMilli() - now.toEpochMilli(), position);
                    }
                });
            }
        }
        slots.add(start);
        if (!end.equals(Instant.MAX)) {
            slots.add(end);
        }
    }

    private void logHeld(int id) {
        if (heldCount == held.length) {
            held = Arrays.copyOf(held, heldCount * 2);
        }
        held[heldCount++] = id;
    }

    /** How many node holds the map has logged: {@link #heldNode}(0) to (count - 1). */
    int heldCount() {
        return heldCount;
    }

    /** The id (position in the map's node order, see {@link #positions}) of the node held {@code k}th. */
    int heldNode(int k) {
        return held[k];
    }

    /** The earliest slot before {@code horizon} at which the job fits for its whole time limit. */
    public Optional<Slot> earliestStart(QueueEntry entry, ResourceFit fit, Instant horizon) {
        return new StartSearch(this, entry, fit).earliest(horizon);
    }

    Instant now() {
        return now;
    }

    /** Whether each node of the shape's partition (in order) could take part of such a job were it empty. */
    boolean[] usable(Shape shape, FitProbe probe, List<NodeTimeline> nodes) {
        return usable.computeIfAbsent(shape, s -> {
            boolean[] result = new boolean[nodes.size()];
            for (int i = 0; i < result.length; i++) {
                result[i] = probe.tasks(nodes.get(i).whole()) > 0;
            }
            return result;
        });
    }

    /** What start searches of this shape found on each node of its partition ({@code nodes} of them). */
    ProbeMemo probeMemo(Shape shape, int nodes) {
        return probeMemos.computeIfAbsent(shape, s -> new ProbeMemo(nodes));
    }

    /** Where the start searches of this shape left their counts (at most {@link SearchCursor#PER_SHAPE}). */
    List<SearchCursor> cursors(Shape shape) {
        return cursors.computeIfAbsent(shape, s -> new ArrayList<>(SearchCursor.PER_SHAPE));
    }

    ProbeBounds probeBounds() {
        return probeBounds;
    }

    Duration step() {
        return resolution;
    }

    Iterable<Instant> slotsBefore(Instant horizon) {
        return slots.headSet(horizon, false);
    }

    /** The slots from {@code from} (inclusive) to {@code horizon} (exclusive). */
    Iterable<Instant> slotsBetween(Instant from, Instant horizon) {
        return from.isBefore(horizon) ? slots.subSet(from, true, horizon, false) : List.of();
    }

    /** How long a job holds resources once its limit is rounded up to the grid; empty without a limit. */
    Optional<Duration> lengthOnGrid(Optional<Duration> timeLimit) {
        Instant end = end(now, timeLimit);
        return end.equals(Instant.MAX) ? Optional.empty() : Optional.of(Duration.between(now, end));
    }

    /** The fit of a job starting at {@code start} and running its whole time limit. */
    public FitResult fitAt(ResourceRequest request, Partition partition, Optional<Duration> timeLimit,
            ResourceFit fit, Instant start) {
        return fitAt(request, partition, timeLimit, fit, start, false);
    }

    /**
     * The allocation of a job starting at {@code start} for its whole time limit, if it fits: the same as
     * {@link #fitAt} gives, without the rejection counts of a failed fit (which spares looking at some nodes).
     */
    Optional<Allocation> allocationAt(ResourceRequest request, Partition partition, Optional<Duration> timeLimit,
            ResourceFit fit, Instant start) {
        return fitAt(request, partition, timeLimit, fit, start, true) instanceof FitResult.Fit found
                ? Optional.of(found.allocation()) : Optional.empty();
    }

    private FitResult fitAt(ResourceRequest request, Partition partition, Optional<Duration> timeLimit,
            ResourceFit fit, Instant start, boolean fitOnly) {
        Instant end = end(start, timeLimit);
        if (start.equals(now) && NowFits.applies(fit, request, partition)) {
            if (nowFits == null) {
                nowFits = new NowFits(now, ordered, this::positions);
            }
            return nowFits.fit(request, partition, fit, end, fitOnly);
        }
        List<NodeTimeline> nodes = timelines(partition);
        List<NodeFree> during = new ArrayList<>(nodes.size());
        for (NodeTimeline timeline : nodes) {
            during.add(timeline.freeDuring(start, end));
        }
        FreeResources free = FreeResources.inOrder(partition.nodes(), during);
        Predicate<NodeFree> preference = preferenceAt(start);
        return preference == null ? fit.fit(request, partition, free) : fit.fit(request, partition, free, preference);
    }

    /** Each node id's position in the partition, -1 for nodes not in it. */
    int[] positions(Partition partition) {
        return positions.computeIfAbsent(partition.name(), name -> {
            int[] index = new int[ordered.size()];
            Arrays.fill(index, -1);
            List<String> names = partition.nodes();
            for (int i = 0; i < names.size(); i++) {
                index[ids.get(names.get(i))] = i;
            }
            return index;
        });
    }

    /** The segment starts after now of the partition's nodes, by position in the partition. */
    ChangeIndex changes(Partition partition) {
        return index(changes, partition, false);
    }

    /**
     * The dropping segment starts after now of the partition's nodes: the only change points at which what a node
     * offers a job starting at a given slot changes as the job's end passes them (a segment that drops nothing
     * leaves the intersection over the stretch as it was).
     */
    ChangeIndex drops(Partition partition) {
        return index(drops, partition, true);
    }

    private ChangeIndex index(Map<String, ChangeIndex> indexes, Partition partition, boolean dropsOnly) {
        positions(partition);
        return indexes.computeIfAbsent(partition.name(), name -> {
            ChangeIndex index = new ChangeIndex();
            List<NodeTimeline> nodes = timelines(partition);
            long nowMillis = now.toEpochMilli();
            for (int position = 0; position < nodes.size(); position++) {
                NodeTimeline timeline = nodes.get(position);
                for (int change = 1; change < timeline.changeCount(); change++) {
                    if (!dropsOnly || timeline.dropAt(change)) {
                        index.add(timeline.changeAt(change).toEpochMilli() - nowMillis, position);
                    }
                }
            }
            return index;
        });
    }

    /**
     * The allocation of a job starting at {@code start}, looking only at the nodes of the partition (by position)
     * with {@code tasks[i] > 0}: right where every other node is one the fit rejects then (see
     * {@link ResourceFit#fitAmong}).
     */
    Optional<Allocation> fitAmong(ResourceRequest request, Partition partition, Optional<Duration> timeLimit,
            ResourceFit fit, Instant start, int[] tasks) {
        Instant end = end(start, timeLimit);
        List<NodeTimeline> nodes = timelines(partition);
        List<NodeFree> during = new ArrayList<>();
        for (int i = 0; i < tasks.length; i++) {
            if (tasks[i] > 0) {
                during.add(nodes.get(i).freeDuring(start, end));
            }
        }
        Predicate<NodeFree> preference = preferenceAt(start);
        return preference == null ? fit.fitAmong(request, partition, during)
                : fit.fitAmong(request, partition, during, preference);
    }

    /** The timelines of a partition's nodes, in the partition's order. */
    List<NodeTimeline> timelines(Partition partition) {
        return byPartition.computeIfAbsent(partition.name(), name -> {
            List<NodeTimeline> nodes = new ArrayList<>(partition.nodes().size());
            for (String node : partition.nodes()) {
                nodes.add(requireNonNull(timelines.get(node), node));
            }
            return nodes;
        });
    }

    /** When a job started at {@code start} ends, on the grid; {@link Instant#MAX} without a limit. */
    public Instant end(Instant start, Optional<Duration> timeLimit) {
        if (timeLimit.isEmpty()) {
            return Instant.MAX;
        }
        Duration limit = timeLimit.get();
        // Duration.between(start, Instant.MAX) overflows its nanosecond arithmetic and recovers through an
        // ArithmeticException, once per call (per job tested in a pass); build the same duration directly.
        Duration untilMax = Duration.ofSeconds(Instant.MAX.getEpochSecond() - start.getEpochSecond(),
                Instant.MAX.getNano() - start.getNano());
        return untilMax.compareTo(limit) <= 0 ? Instant.MAX : round(start.plus(limit));
    }

    /** A start time and the allocation a job would get then. */
    public record Slot(Instant start, Allocation allocation) {
    }
}
