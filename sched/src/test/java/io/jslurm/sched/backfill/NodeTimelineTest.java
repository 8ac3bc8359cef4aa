package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.select.NodeFree;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a node offers over a stretch of time must be the intersection of every segment in it, however the timeline was
 * built: the timeline ANDs only the segments a reservation made smaller, and this checks that against ANDing all.
 */
class NodeTimelineTest {

    static final Node NODE = scenario().nodes(node("n1").sockets(2).coresPerSocket(8).memGiB(64).gpus(4, "a100"))
            .snapshot().nodes().get(0);

    @Test
    void aReservationLaterTakesItsCoresOutOfEveryStretchThatReachesIt() {
        NodeTimeline timeline = NodeTimeline.startingWith(NOW, busy(CoreSet.range(0, 8)));
        timeline.release(part(CoreSet.range(0, 8), 0), at(60));
        timeline.hold(part(CoreSet.range(8, 16), 0), at(120), at(180));

        assertThat(timeline.freeDuring(NOW, at(60)).freeCoreCount()).isEqualTo(8);
        assertThat(timeline.freeDuring(at(60), at(120)).freeCoreCount()).isEqualTo(16);
        assertThat(timeline.freeDuring(at(60), at(121)).freeCoreCount()).isEqualTo(8);
        assertThat(timeline.freeDuring(NOW, at(200)).freeCoreCount()).isZero();
        assertThat(timeline.freeDuring(at(180), at(240)).freeCoreCount()).isEqualTo(16);
    }

    @Test
    void everyStretchOffersTheIntersectionOfItsSegments() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            NodeTimeline timeline = randomTimeline(random);
            for (int probe = 0; probe < 40; probe++) {
                Instant from = at(random.nextInt(400));
                Instant to = random.nextInt(10) == 0 ? Instant.MAX : from.plus(Duration.ofMinutes(1 + random.nextInt(300)));
                NodeFree expected = intersection(timeline, from, to);
                NodeFree actual = timeline.freeDuring(from, to);
                assertThat(actual.toString()).as("round %d, [%s, %s)", round, from, to).isEqualTo(expected.toString());
                assertThat(actual.idle()).isEqualTo(expected.idle());
                for (int core = 0; core < NODE.cores(); core++) {
                    assertThat(actual.coreFree(core)).isEqualTo(expected.coreFree(core));
                }
                if (probe % 10 == 9) {
                    hold(random, timeline); // the views kept from the queries before must not outlive it
                }
            }
        }
    }

    /** Running jobs end first (as when a pass builds its map), then holds come, some from now, some later. */
    static NodeTimeline randomTimeline(Random random) {
        List<NodeAllocation> running = new ArrayList<>();
        int core = 0;
        int gpu = 0;
        while (core < NODE.cores() - 2 && random.nextBoolean()) {
            int width = Math.min(1 + random.nextInt(4), NODE.cores() - core);
            running.add(new NodeAllocation("n1", 1, CoreSet.range(core, core + width), 1024, gpu < 4 ? List.of(gpu++)
                    : List.of()));
            core += width;
        }
        NodeFree now = NodeFree.of(NODE, 0);
        running.forEach(now::allocate);
        NodeTimeline timeline = NodeTimeline.startingWith(NOW, now);
        for (NodeAllocation job : running) {
            timeline.release(job, at(1 + random.nextInt(300)));
        }
        for (int hold = random.nextInt(6); hold > 0; hold--) {
            hold(random, timeline);
        }
        return timeline;
    }

    /** Holds a core, from now or later, where it is free. */
    static void hold(Random random, NodeTimeline timeline) {
        Instant from = random.nextBoolean() ? NOW : at(1 + random.nextInt(300));
        Instant to = random.nextInt(8) == 0 ? Instant.MAX : from.plus(Duration.ofMinutes(1 + random.nextInt(200)));
        int first = random.nextInt(NODE.cores());
        NodeAllocation wanted = new NodeAllocation("n1", 1, CoreSet.range(first, first + 1), 512, List.of());
        if (timeline.freeDuring(from, to).canHold(wanted)) {
            timeline.hold(wanted, from, to);
        }
    }

    /** The plain definition: every segment that overlaps [from, to), ANDed together. */
    private static NodeFree intersection(NodeTimeline timeline, Instant from, Instant to) {
        NodeFree result = null;
        for (int i = 0; i < timeline.changeCount(); i++) {
            Instant start = timeline.changeAt(i);
            Instant end = i + 1 < timeline.changeCount() ? timeline.changeAt(i + 1) : Instant.MAX;
            if (start.isBefore(to) && end.isAfter(from)) {
                NodeFree segment = timeline.freeDuring(start, start.plusNanos(1));
                if (result == null) {
                    result = segment.copy();
                } else {
                    result.retainFree(segment);
                }
            }
        }
        return result;
    }

    private static NodeFree busy(CoreSet cores) {
        NodeFree free = NodeFree.of(NODE, 0);
        free.allocate(part(cores, 0));
        return free;
    }

    private static NodeAllocation part(CoreSet cores, int gpus) {
        return new NodeAllocation("n1", 1, cores, 1024, gpus == 0 ? List.of() : List.of(0));
    }

    private static Instant at(int minutes) {
        return NOW.plus(Duration.ofMinutes(minutes));
    }
}
