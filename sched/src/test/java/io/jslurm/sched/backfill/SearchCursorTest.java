package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.Scenario.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.RunningJob;
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
        int searches = 0;
        int later = 0;
        int never = 0;
        for (long seed = 1; seed <= 25; seed++) {
            Random random = new Random(seed);
            Scenario scenario = new RandomCluster(seed).scenario(24, 10);
            ClusterSnapshot snapshot = scenario.snapshot();
            Partition partition = snapshot.partitions().get(0);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            SlotMap map = SlotMap.startingAt(NOW, STEP, snapshot.nodes(), FreeResources.of(snapshot));
            for (RunningJob running : snapshot.running()) {
                running.expectedEnd().ifPresent(end -> map.release(running.allocation(), end));
            }
            List<PendingJob> shapes = scenario.jobs();
            for (int round = 0; round < 120; round++) {
                PendingJob job = shapes.get(random.nextInt(shapes.size()));
                Optional<Duration> limit = random.nextInt(20) == 0 ? Optional.empty()
                        : Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
                QueueEntry entry = new QueueEntry(job, partition, limit);
                Optional<SlotMap.Slot> expected = plainEarliest(map.copy(), entry, fit);

                assertThat(map.earliestStart(entry, fit, HORIZON)).as("seed %d round %d", seed, round)
                        .isEqualTo(expected);
                searches++;
                if (expected.isEmpty()) {
                    never++;
                    continue;
                }
                later += expected.get().start().equals(NOW) ? 0 : 1;
                // As backfill does: the job starts or is reserved there (most of the time), and later jobs go around.
                if (random.nextInt(5) > 0) {
                    map.hold(expected.get().allocation(), expected.get().start(), limit);
                }
            }
        }
        assertThat(searches).isEqualTo(25 * 120);
        // Every kind of answer is exercised: a start now, a later start, and none within the horizon.
        assertThat(later).isGreaterThan(searches / 10);
        assertThat(never).isGreaterThan(searches / 20);
        assertThat(searches - later - never).isGreaterThan(searches / 10);
    }

    @Test
    void anAllocationAtNowIsTheFitsAllocationAndNoneWhereTheFitFails() {
        int fits = 0;
        int noFits = 0;
        for (long seed = 1; seed <= 25; seed++) {
            Random random = new Random(seed);
            Scenario scenario = new RandomCluster(seed).scenario(24, 10);
            ClusterSnapshot snapshot = scenario.snapshot();
            Partition partition = snapshot.partitions().get(0);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            SlotMap map = SlotMap.startingAt(NOW, STEP, snapshot.nodes(), FreeResources.of(snapshot));
            for (RunningJob running : snapshot.running()) {
                running.expectedEnd().ifPresent(end -> map.release(running.allocation(), end));
            }
            List<PendingJob> shapes = scenario.jobs();
            for (int round = 0; round < 120; round++) {
                PendingJob job = shapes.get(random.nextInt(shapes.size()));
                Optional<Duration> limit = Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
                FitResult whole = map.copy().fitAt(job.request(), partition, limit, fit, NOW);

                Optional<Allocation> found = map.allocationAt(job.request(), partition, limit, fit, NOW);

                if (whole instanceof FitResult.Fit wholeFit) {
                    assertThat(found).as("seed %d round %d", seed, round).contains(wholeFit.allocation());
                    fits++;
                } else {
                    assertThat(found).as("seed %d round %d", seed, round).isEmpty();
                    noFits++;
                }
                // Reservations later on (drops in the nodes' timelines) and starts now.
                Instant start = NOW.plus(STEP.multipliedBy(random.nextInt(100)));
                FitResult there = map.copy().fitAt(job.request(), partition, limit, fit, start);
                if (there instanceof FitResult.Fit reservation) {
                    map.hold(reservation.allocation(), start, limit);
                }
            }
        }
        assertThat(fits).isGreaterThan(300);
        assertThat(noFits).isGreaterThan(300);
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
