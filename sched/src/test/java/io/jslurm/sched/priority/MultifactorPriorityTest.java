package io.jslurm.sched.priority;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class MultifactorPriorityTest {

    static final Instant NOW = Instant.parse("2026-01-08T00:00:00Z");
    static final ClusterTotals CLUSTER = new ClusterTotals(16, 2048, 10, 100,
            Map.of("cpu", 2048.0, "gres/gpu", 128.0));

    static PriorityWeights weights(long age, long fairshare, long size, long partition, long qos,
            Map<String, Long> tres, boolean favorSmall) {
        return new PriorityWeights(age, fairshare, size, partition, qos, 0, tres, Duration.ofDays(7), favorSmall);
    }

    static PriorityInputs job(Duration waited, double fairShare, int nodes, long cpus, int partitionFactor,
            long qos, Map<String, Double> tres, int nice) {
        return new PriorityInputs(NOW.minus(waited), fairShare, 0, nodes, cpus, partitionFactor, qos, tres, nice,
                OptionalLong.empty());
    }

    static PriorityInputs plain(Duration waited) {
        return job(waited, 0, 1, 1, 0, 0, Map.of(), 0);
    }

    @Test
    void ageGrowsUntilPriorityMaxAge() {
        MultifactorPriority priority = new MultifactorPriority(weights(1000, 0, 0, 0, 0, Map.of(), false), CLUSTER);

        assertThat(priority.priority(plain(Duration.ZERO), NOW)).isEqualTo(1);
        assertThat(priority.priority(plain(Duration.ofDays(1)), NOW)).isEqualTo(143);
        assertThat(priority.priority(plain(Duration.ofDays(7)), NOW)).isEqualTo(1000);
        assertThat(priority.priority(plain(Duration.ofDays(30)), NOW)).isEqualTo(1000);
    }

    @Test
    void fairShareIsWeightedAsGiven() {
        MultifactorPriority priority = new MultifactorPriority(weights(0, 10_000, 0, 0, 0, Map.of(), false), CLUSTER);

        assertThat(priority.priority(job(Duration.ZERO, 0.25, 1, 1, 0, 0, Map.of(), 0), NOW)).isEqualTo(2500);
    }

    @Test
    void bigJobsWinUnlessSmallOnesAreFavoured() {
        PriorityInputs half = job(Duration.ZERO, 0, 8, 8, 0, 0, Map.of(), 0);
        PriorityInputs single = job(Duration.ZERO, 0, 1, 1, 0, 0, Map.of(), 0);

        MultifactorPriority big = new MultifactorPriority(weights(0, 0, 1600, 0, 0, Map.of(), false), CLUSTER);
        MultifactorPriority small = new MultifactorPriority(weights(0, 0, 1600, 0, 0, Map.of(), true), CLUSTER);

        assertThat(big.priority(half, NOW)).isEqualTo(800);
        assertThat(big.priority(single, NOW)).isEqualTo(100);
        assertThat(small.priority(single, NOW)).isEqualTo(1600);
        assertThat(small.priority(half, NOW)).isEqualTo(900);
    }

    @Test
    void aJobAskingForMostCpusCountsAsBigEvenOnFewNodes() {
        MultifactorPriority priority = new MultifactorPriority(weights(0, 0, 1000, 0, 0, Map.of(), false), CLUSTER);

        assertThat(priority.priority(job(Duration.ZERO, 0, 1, 1024, 0, 0, Map.of(), 0), NOW)).isEqualTo(500);
    }

    @Test
    void partitionAndQosAreNormalisedToTheirMaximum() {
        MultifactorPriority priority = new MultifactorPriority(weights(0, 0, 0, 1000, 2000, Map.of(), false),
                CLUSTER);

        assertThat(priority.priority(job(Duration.ZERO, 0, 1, 1, 5, 25, Map.of(), 0), NOW)).isEqualTo(500 + 500);
    }

    @Test
    void tresWeightsCountTheShareOfEachResource() {
        MultifactorPriority priority = new MultifactorPriority(
                weights(0, 0, 0, 0, 0, Map.of("cpu", 1000L, "gres/gpu", 4000L), false), CLUSTER);

        PriorityInputs gpuJob = job(Duration.ZERO, 0, 4, 512, 0, 0, Map.of("cpu", 512.0, "gres/gpu", 32.0), 0);

        assertThat(priority.priority(gpuJob, NOW)).isEqualTo(250 + 1000);
    }

    @Test
    void niceLowersAndNegativeNiceRaises() {
        MultifactorPriority priority = new MultifactorPriority(weights(1000, 0, 0, 0, 0, Map.of(), false), CLUSTER);

        assertThat(priority.priority(job(Duration.ofDays(7), 0, 1, 1, 0, 0, Map.of(), 100), NOW)).isEqualTo(900);
        assertThat(priority.priority(job(Duration.ofDays(7), 0, 1, 1, 0, 0, Map.of(), -100), NOW)).isEqualTo(1100);
        assertThat(priority.priority(job(Duration.ZERO, 0, 1, 1, 0, 0, Map.of(), 100), NOW)).isEqualTo(1);
    }

    @Test
    void anAdministratorsPriorityReplacesTheComputedOne() {
        MultifactorPriority priority = new MultifactorPriority(weights(1000, 1000, 0, 0, 0, Map.of(), false),
                CLUSTER);
        PriorityInputs pinned = new PriorityInputs(NOW.minus(Duration.ofDays(7)), 1, 0, 1, 1, 0, 0, Map.of(), 0,
                OptionalLong.of(42));

        assertThat(priority.priority(pinned, NOW)).isEqualTo(42);
    }

    @Test
    void theSameInputsGiveTheSamePriorityAtTheSameMoment() {
        MultifactorPriority priority = new MultifactorPriority(weights(1000, 5000, 100, 10, 10,
                Map.of("cpu", 7L), true), CLUSTER);
        PriorityInputs inputs = job(Duration.ofHours(13), 0.3, 2, 64, 3, 4, Map.of("cpu", 64.0), 0);

        assertThat(priority.priority(inputs, NOW)).isEqualTo(priority.priority(inputs, NOW));
        assertThat(priority.priority(inputs, NOW.plus(Duration.ofHours(1))))
                .isGreaterThan(priority.priority(inputs, NOW));
    }

    @Test
    void factorsTakeThePriorityApartAsSprioShowsIt() {
        MultifactorPriority priority = new MultifactorPriority(weights(1000, 10_000, 1600, 1000, 2000,
                Map.of("gres/gpu", 4000L), false), CLUSTER);
        PriorityInputs inputs = job(Duration.ofDays(1), 0.5, 8, 8, 5, 25, Map.of("gres/gpu", 32.0), 10);

        PriorityFactors factors = priority.factors(inputs, NOW);

        assertThat(factors.age()).isEqualTo(1.0 / 7);
        assertThat(factors.fairShare()).isEqualTo(0.5);
        assertThat(factors.jobSize()).isEqualTo(0.5);
        assertThat(factors.partition()).isEqualTo(0.5);
        assertThat(factors.qos()).isEqualTo(0.25);
        assertThat(factors.weightedFairShare()).isEqualTo(5000);
        assertThat(factors.weightedTres()).containsEntry("gres/gpu", 1000.0);
        assertThat(factors.priority()).isEqualTo(143 + 5000 + 800 + 500 + 500 + 1000 - 10);
        assertThat(priority.priority(inputs, NOW)).isEqualTo(factors.priority());
    }

    @Test
    void smallRelativeToTimeDividesTheJobSizeByTheTimeLimit() {
        PriorityWeights relative = new PriorityWeights(0, 0, 1000, 0, 0, 0, Map.of(), Duration.ofDays(7), false,
                true);
        MultifactorPriority priority = new MultifactorPriority(relative, CLUSTER);
        PriorityInputs wideShort = new PriorityInputs(NOW, 0, 0, 16, 2048, 0, 0, Map.of(), 0, OptionalLong.empty(),
                10);
        PriorityInputs wideLong = new PriorityInputs(NOW, 0, 0, 16, 2048, 0, 0, Map.of(), 0, OptionalLong.empty(),
                1000);

        assertThat(priority.priority(wideShort, NOW)).isEqualTo(100);
        assertThat(priority.priority(wideLong, NOW)).isEqualTo(1);
    }
}
