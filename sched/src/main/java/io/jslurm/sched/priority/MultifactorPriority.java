package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * priority/multifactor as a pure function: each factor is a number in 0..1, multiplied by its weight and summed;
 * nice is subtracted. An administrator's priority replaces the sum. The result is at least 1, since 0 means held.
 */
public final class MultifactorPriority {

    private final PriorityWeights weights;
    private final ClusterTotals totals;

    public MultifactorPriority(PriorityWeights weights, ClusterTotals totals) {
        this.weights = requireNonNull(weights, "weights is null");
        this.totals = requireNonNull(totals, "totals is null");
    }

    public PriorityWeights weights() {
        return weights;
    }

    public long priority(PriorityInputs job, Instant now) {
        if (job.adminPriority().isPresent()) {
            return job.adminPriority().getAsLong();
        }
        return factors(job, now).priority();
    }

    /** The job's normalized factors, for sprio; the priority is {@link PriorityFactors#priority()} of these. */
    public PriorityFactors factors(PriorityInputs job, Instant now) {
        Map<String, Double> tres = new TreeMap<>();
        for (String name : weights.tres().keySet()) {
            double total = totals.tres().getOrDefault(name, 0.0);
            double asked = job.tres().getOrDefault(name, 0.0);
            tres.put(name, total > 0 ? Math.min(1.0, asked / total) : 0);
        }
        return new PriorityFactors(ageFactor(job, now), job.assocFactor(), job.fairShare(), jobSizeFactor(job),
                ratio(job.partitionJobFactor(), totals.maxPartitionJobFactor()),
                ratio(job.qosPriority(), totals.maxQosPriority()), tres, job.nice(), weights);
    }

    /** Waiting time since eligibility, up to PriorityMaxAge, as a fraction of it. */
    double ageFactor(PriorityInputs job, Instant now) {
        Duration age = Duration.between(job.eligibleTime(), now);
        if (age.isNegative() || weights.maxAge().isZero()) {
            return 0;
        }
        return Math.min(1.0, (double) age.toSeconds() / weights.maxAge().toSeconds());
    }

    /**
     * Without PriorityFavorSmall: the larger of the job's node and CPU shares of the cluster, so that a job asking for
     * everything gets 1.0. With it: 1.0 for a single-node job, falling with each further node. With
     * SMALL_RELATIVE_TO_TIME the job's share of the cluster is divided by its time limit in minutes first, so that
     * short wide jobs count as small (and with PriorityFavorSmall the result is turned around: 1 - that).
     */
    double jobSizeFactor(PriorityInputs job) {
        double share = Math.min(1.0, Math.max((double) job.nodes() / totals.nodes(),
                (double) job.cpus() / totals.cpus()));
        if (weights.smallRelativeToTime()) {
            double relative = job.timeLimitMinutes() > 0 ? share / job.timeLimitMinutes() : share;
            return weights.favorSmall() ? 1.0 - relative : relative;
        }
        if (weights.favorSmall()) {
            int nodes = Math.min(Math.max(job.nodes(), 1), totals.nodes());
            return (double) (totals.nodes() - nodes + 1) / totals.nodes();
        }
        return share;
    }

    private static double ratio(long value, long max) {
        return max <= 0 ? 0 : Math.min(1.0, Math.max(0, (double) value / max));
    }
}
