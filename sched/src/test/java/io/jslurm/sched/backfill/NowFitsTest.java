package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.Scenario.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Fits at now kept across the holds of a pass ({@link NowFits}: the nodes with a drop kept sorted by their first drop
 * while reservations move them, each node's views and each shape's evaluations kept) answer as the plain fit over
 * every node's view from now until the job's end, rejection counts and text included.
 */
class NowFitsTest {

    private static final Duration STEP = Duration.ofMinutes(5);

    @Test
    void keptFitsAtNowAreThePlainFitWhileReservationsAndStartsAccumulate() {
        int[] answers = fitsWhileHoldsAccumulate(false);
        // Both answers are exercised, the rejection counts of failures included.
        assertThat(answers[0]).isGreaterThan(300);
        assertThat(answers[1]).isGreaterThan(300);
    }

    /**
     * Asked for an allocation only, a single-node job's fit leaves out the nodes with a drop that weigh more than
     * the best kept candidate that holds it: the allocation is still the plain fit's, and so is whether one exists.
     */
    @Test
    void allocationsAtNowAreThePlainFitsWhileReservationsAndStartsAccumulate() {
        int[] answers = fitsWhileHoldsAccumulate(true);
        assertThat(answers[0]).isGreaterThan(300);
        assertThat(answers[1]).isGreaterThan(300);
    }

    /**
     * Fits at now against the plain fit on random clusters, each followed by a start or a reservation.
     *
     * @param allocationOnly compare {@link SlotMap#allocationAt} with the plain fit's allocation, not whole fits
     * @return how many fits there were, and how many found nothing
     */
    private static int[] fitsWhileHoldsAccumulate(boolean allocationOnly) {
        int[] answers = new int[2]; // fits, does not
        for (long seed = 1; seed <= 25; seed++) {
            Scenario scenario = new RandomCluster(seed).scenario(24, 10);
            ClusterSnapshot snapshot = scenario.snapshot();
            SlotMap map = PlainFits.mapOf(snapshot, STEP);
            Partition partition = snapshot.partitions().get(0);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            Random random = new Random(seed);
            for (int round = 0; round < 120; round++) {
                PendingJob job = scenario.jobs().get(random.nextInt(scenario.jobs().size()));
                Optional<Duration> limit = random.nextInt(20) == 0 ? Optional.empty()
                        : Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));

                FitResult plain = PlainFits.plainFit(map, job, partition, fit, map.end(NOW, limit));
                boolean fits;
                if (allocationOnly) {
                    Optional<Allocation> kept = map.allocationAt(job.request(), partition, limit, fit, NOW);
                    assertThat(kept).as("seed %d round %d", seed, round).isEqualTo(plain instanceof FitResult.Fit
                            ? Optional.of(((FitResult.Fit) plain).allocation()) : Optional.empty());
                    fits = kept.isPresent();
                } else {
                    FitResult kept = map.fitAt(job.request(), partition, limit, fit, NOW);
                    assertThat(kept).as("seed %d round %d", seed, round).isEqualTo(plain);
                    fits = kept instanceof FitResult.Fit;
                }
                answers[fits ? 0 : 1]++;
                // Starts now (first segments change) and reservations later (drops begin, and move earlier).
                Instant start = random.nextBoolean() ? NOW : NOW.plus(STEP.multipliedBy(random.nextInt(100)));
                FitResult there = map.copy().fitAt(job.request(), partition, limit, fit, start);
                if (there instanceof FitResult.Fit found) {
                    map.hold(found.allocation(), start, limit);
                }
            }
        }
        return answers;
    }
}
