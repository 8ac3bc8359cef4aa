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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;

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
    private final NavigableSet<Instant> slots;
    private final Map<String, List<NodeTimeline>> byPartition = new HashMap<>();
    private final ProbeBounds probeBounds = new ProbeBounds();
    /** Per shape, which nodes of its partition could take any of it were they empty: fixed while the nodes are. */
    private final Map<Shape, boolean[]> usable = new HashMap<>();

    private SlotMap(Instant now, Duration resolution, Map<String, NodeTimeline> timelines,
            NavigableSet<Instant> slots) {
        this.now = now;
        this.resolution = resolution;
        this.timelines = timelines;
        this.slots = slots;
    }

    /** Starts from what is free now on {@code nodes}; add releases with {@link #release}. */
    public static SlotMap startingAt(Instant now, Duration resolution, List<Node> nodes, FreeResources free) {
        requireNonNull(now, "now is null");
        Map<String, NodeTimeline> timelines = new HashMap<>();
        for (Node node : nodes) {
            free.node(node.name()).ifPresent(current -> timelines.put(node.name(),
                    NodeTimeline.startingWith(now, current.copy())));
        }
        NavigableSet<Instant> slots = new TreeSet<>();
        slots.add(now);
        return new SlotMap(now, requireNonNull(resolution, "resolution is null"), timelines, slots);
    }

    public SlotMap copy() {
        Map<String, NodeTimeline> copies = new HashMap<>();
        timelines.forEach((name, timeline) -> copies.put(name, timeline.copy()));
        return new SlotMap(now, resolution, copies, new TreeSet<>(slots));
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
    }

    /** Holds resources for a job from {@code start} for {@code timeLimit} (empty: for ever). */
    public void hold(Allocation allocation, Instant start, Optional<Duration> timeLimit) {
        Instant end = end(start, timeLimit);
        for (NodeAllocation part : allocation.nodes()) {
            timelines.get(part.node()).hold(part, start, end);
        }
        slots.add(start);
        if (!end.equals(Instant.MAX)) {
            slots.add(end);
        }
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
        Instant end = end(start, timeLimit);
        List<NodeTimeline> nodes = timelines(partition);
        List<NodeFree> during = new ArrayList<>(nodes.size());
        for (NodeTimeline timeline : nodes) {
            during.add(timeline.freeDuring(start, end));
        }
        return fit.fit(request, partition, FreeResources.inOrder(partition.nodes(), during));
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
