package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.job;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A fit at now that only needs an allocation leaves out the nodes that take no task of the job once their first
 * reservation has begun, where the job ends after that ({@link NowFits}): whole-node reservations make many such
 * nodes, and jobs whose end falls exactly on a reservation's start (both on the map's grid) see those nodes as they
 * are now. The allocation, and whether there is one, must be the plain fit's over every node's view from now until
 * the job's end.
 */
class NowFitsPastDropTest {

    private static final Duration STEP = Duration.ofMinutes(5);

    @Test
    void allocationsAtNowAreThePlainFitsWhileWholeNodesAreReservedLater() {
        int fits = 0;
        int none = 0;
        int endsOnADrop = 0;
        for (long seed = 1; seed <= 30; seed++) {
            Scenario scenario = new RandomCluster(seed).scenario(20, 12);
            ClusterSnapshot snapshot = scenario.snapshot();
            SlotMap map = PlainFits.mapOf(snapshot, STEP);
            Partition partition = snapshot.partitions().get(0);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            Random random = new Random(seed);
            List<Instant> reservedAt = new ArrayList<>();
            for (int round = 0; round < 150; round++) {
                PendingJob job = scenario.jobs().get(random.nextInt(scenario.jobs().size()));
                Optional<Duration> limit = limit(random, reservedAt);
                Instant end = map.end(NOW, limit);
                endsOnADrop += reservedAt.contains(end) ? 1 : 0;

                FitResult plain = PlainFits.plainFit(map, job, partition, fit, end);
                Optional<Allocation> kept = map.allocationAt(job.request(), partition, limit, fit, NOW);
                assertThat(kept).as("seed %d round %d", seed, round).isEqualTo(plain instanceof FitResult.Fit found
                        ? Optional.of(found.allocation()) : Optional.empty());
                if (kept.isPresent()) {
                    fits++;
                } else {
                    none++;
                }
                hold(map, random, job, partition, fit, limit, reservedAt);
            }
        }
        // Both answers, and ends on a reservation's start, are exercised.
        assertThat(fits).isGreaterThan(300);
        assertThat(none).isGreaterThan(300);
        assertThat(endsOnADrop).isGreaterThan(100);
    }

    /** No limit now and then, a limit ending on a reservation's start often, any number of minutes otherwise. */
    private static Optional<Duration> limit(Random random, List<Instant> reservedAt) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return Optional.empty();
        }
        if (kind < 5 && !reservedAt.isEmpty()) {
            Instant start = reservedAt.get(random.nextInt(reservedAt.size()));
            return Optional.of(Duration.between(NOW, start));
        }
        return Optional.of(Duration.ofMinutes(1 + random.nextInt(16 * 60)));
    }

    /** A start now, a reservation of the job later, or a reservation of one whole node later. */
    private static void hold(SlotMap map, Random random, PendingJob job, Partition partition, ResourceFit fit,
            Optional<Duration> limit, List<Instant> reservedAt) {
        int kind = random.nextInt(3);
        Instant start = kind == 0 ? NOW : NOW.plus(STEP.multipliedBy(1 + random.nextInt(100)));
        PendingJob held = kind == 2
                ? job(1_000 + random.nextInt(1_000)).exclusive().time(Duration.ofMinutes(30 + random.nextInt(600)))
                        .build()
                : job;
        Optional<Duration> heldFor = kind == 2 ? held.timeLimit() : limit;
        FitResult there = map.copy().fitAt(held.request(), partition, heldFor, fit, start);
        if (there instanceof FitResult.Fit found) {
            map.hold(found.allocation(), start, heldFor);
            if (kind > 0) {
                reservedAt.add(start);
            }
        }
    }
}
