package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.Scenario.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Start searches that carry their per-node counts from one search of a shape to the next (and fits at now that leave
 * out nodes which cannot take part) answer as the plain computation does: the whole fit tried at every slot of a
 * fresh copy of the map, which has learnt nothing from earlier searches.
 */
class SearchCursorTest {

    private static final Duration STEP = Duration.ofMinutes(5);
    private static final Instant HORIZON = NOW.plus(Duration.ofHours(24));

    @Test
    void searchesOfOneShapeAfterAnotherFindTheSlotAndAllocationOfThePlainSearch() {
        int[] answers = new int[3]; // now, later, never
        rounds((cluster, random, job, where) -> {
            Optional<Duration> limit = random.nextInt(20) == 0 ? Optional.empty()
                    : Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
            QueueEntry entry = new QueueEntry(job, cluster.partition(), limit);
            Optional<SlotMap.Slot> expected = plainEarliest(cluster.map().copy(), entry, cluster.fit());

            assertThat(cluster.map().earliestStart(entry, cluster.fit(), HORIZON)).as(where).isEqualTo(expected);

            answers[expected.isEmpty() ? 2 : expected.get().start().equals(NOW) ? 0 : 1]++;
            // As backfill does: the job starts or is reserved there (most of the time), and later jobs go around.
            if (expected.isPresent() && random.nextInt(5) > 0) {
                cluster.map().hold(expected.get().allocation(), expected.get().start(), limit);
            }
        });
        int searches = answers[0] + answers[1] + answers[2];
        assertThat(searches).isEqualTo(SEEDS * ROUNDS);
        // Every kind of answer is exercised: a start now, a later start, and none within the horizon.
        assertThat(answers[0]).isGreaterThan(searches / 10);
        assertThat(answers[1]).isGreaterThan(searches / 10);
        assertThat(answers[2]).isGreaterThan(searches / 20);
    }

    /**
     * The counts a shape keeps are what the probe finds on each node's view at the cursor's slot and end. Where a
     * search missed a node whose view changed, the whole fit still answers right, so only this shows it.
     */
    @Test
    void keptCountsAreTheProbesOnEveryNodeAtTheCursorsSlotAndEnd() {
        int[] checked = new int[1];
        rounds((cluster, random, job, where) -> {
            Optional<Duration> limit = random.nextInt(20) == 0 ? Optional.empty()
                    : Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
            QueueEntry entry = new QueueEntry(job, cluster.partition(), limit);
            SlotMap map = cluster.map();
            Optional<SlotMap.Slot> found = map.earliestStart(entry, cluster.fit(), HORIZON);

            checked[0] += checkCursors(map, entry, cluster.fit(), where);

            if (found.isPresent() && random.nextInt(5) > 0) {
                map.hold(found.get().allocation(), found.get().start(), limit);
            } else {
                // A reservation later on: a drop in the timelines of the nodes it holds.
                Instant start = NOW.plus(STEP.multipliedBy(1 + random.nextInt(100)));
                FitResult there = map.copy().fitAt(job.request(), cluster.partition(), limit, cluster.fit(), start);
                if (there instanceof FitResult.Fit reservation) {
                    map.hold(reservation.allocation(), start, limit);
                }
            }
        });
        assertThat(checked[0]).isGreaterThan(SEEDS * ROUNDS);
    }

    /** Compares the cursors of the entry's shape that include every hold with the probe; returns the nodes compared. */
    private static int checkCursors(SlotMap map, QueueEntry entry, ResourceFit fit, String where) {
        FitProbe probe = fit.probe(entry.job().request(), entry.partition());
        List<NodeTimeline> timelines = map.timelines(entry.partition());
        Shape shape = Shape.of(entry);
        boolean[] usable = map.usable(shape, probe, timelines);
        int checked = 0;
        for (SearchCursor cursor : map.cursors(shape)) {
            if (cursor.slot == SearchCursor.NONE || cursor.logged != map.heldCount()) {
                continue;
            }
            Instant slot = NOW.plusMillis(cursor.slot);
            Instant end = cursor.end >= ChangeIndex.LIMIT ? Instant.MAX : NOW.plusMillis(cursor.end);
            for (int node = 0; node < timelines.size(); node++) {
                if (usable[node]) {
                    assertThat(cursor.tasks[node])
                            .as("%s: node %d, cursor at %d-%d ms", where, node, cursor.slot, cursor.end)
                            .isEqualTo(probe.tasks(timelines.get(node).freeDuring(slot, end)));
                    checked++;
                }
            }
        }
        return checked;
    }

    @Test
    void anAllocationAtNowIsTheFitsAllocationAndNoneWhereTheFitFails() {
        int[] answers = new int[2]; // fits, does not
        rounds((cluster, random, job, where) -> {
            Optional<Duration> limit = Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
            SlotMap map = cluster.map();
            FitResult whole = map.copy().fitAt(job.request(), cluster.partition(), limit, cluster.fit(), NOW);

            Optional<Allocation> found = map.allocationAt(job.request(), cluster.partition(), limit, cluster.fit(),
                    NOW);

            if (whole instanceof FitResult.Fit wholeFit) {
                assertThat(found).as(where).contains(wholeFit.allocation());
                answers[0]++;
            } else {
                assertThat(found).as(where).isEmpty();
                answers[1]++;
            }
            // Reservations later on (drops in the nodes' timelines) and starts now.
            Instant start = NOW.plus(STEP.multipliedBy(random.nextInt(100)));
            FitResult there = map.copy().fitAt(job.request(), cluster.partition(), limit, cluster.fit(), start);
            if (there instanceof FitResult.Fit reservation) {
                map.hold(reservation.allocation(), start, limit);
            }
        });
        assertThat(answers[0]).isGreaterThan(300);
        assertThat(answers[1]).isGreaterThan(300);
    }

    private static final int SEEDS = 25;
    private static final int ROUNDS = 120;

    /** One step of a test on a cluster's map, with a job of one of its shapes. */
    private interface Round {
        void run(Cluster cluster, Random random, PendingJob job, String where);
    }

    /** {@link #ROUNDS} rounds on each of {@link #SEEDS} random clusters, each map kept from round to round. */
    private static void rounds(Round round) {
        for (long seed = 1; seed <= SEEDS; seed++) {
            Cluster cluster = Cluster.of(seed);
            Random random = new Random(seed);
            for (int i = 0; i < ROUNDS; i++) {
                round.run(cluster, random, cluster.anyJob(random), "seed " + seed + " round " + i);
            }
        }
    }

    /** A random cluster of 24 nodes, a third of them running a job, and ten jobs of random shapes to place. */
    private record Cluster(Partition partition, ResourceFit fit, SlotMap map, List<PendingJob> shapes) {

        static Cluster of(long seed) {
            Scenario scenario = new RandomCluster(seed).scenario(24, 10);
            ClusterSnapshot snapshot = scenario.snapshot();
            SlotMap map = SlotMap.startingAt(NOW, STEP, snapshot.nodes(), FreeResources.of(snapshot));
            for (RunningJob running : snapshot.running()) {
                running.expectedEnd().ifPresent(end -> map.release(running.allocation(), end));
            }
            return new Cluster(snapshot.partitions().get(0), new ResourceFit(scenario.params().select()), map,
                    scenario.jobs());
        }

        PendingJob anyJob(Random random) {
            return shapes.get(random.nextInt(shapes.size()));
        }
    }

    /** The first slot before the horizon at which the whole fit succeeds. */
    private static Optional<SlotMap.Slot> plainEarliest(SlotMap map, QueueEntry entry, ResourceFit fit) {
        for (Instant slot : map.slotsBetween(NOW, HORIZON)) {
            FitResult result = map.fitAt(entry.job().request(), entry.partition(), entry.timeLimit(), fit, slot);
            if (result instanceof FitResult.Fit found) {
                return Optional.of(new SlotMap.Slot(slot, found.allocation()));
            }
        }
        return Optional.empty();
    }
}
