package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

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

    public long priority(PriorityInputs job, Instant now) {
        if (job.adminPriority().isPresent()) {
            return job.adminPriority().getAsLong();
        }
        double sum = weights.age() * ageFactor(job, now)
                + weights.fairshare() * job.fairShare()
                + weights.assoc() * job.assocFactor()
                + weights.jobSize() * jobSizeFactor(job)
                + weights.partition() * ratio(job.partitionJobFactor(), totals.maxPartitionJobFactor())
                + weights.qos() * ratio(job.qosPriority(), totals.maxQosPriority())
                + tresSum(job);
        return Math.max(1, Math.round(sum) - job.nice());
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
     * everything gets 1.0. With it: 1.0 for a single-node job, falling with each further node.
     */
    double jobSizeFactor(PriorityInputs job) {
        if (weights.favorSmall()) {
            int nodes = Math.min(Math.max(job.nodes(), 1), totals.nodes());
            return (double) (totals.nodes() - nodes + 1) / totals.nodes();
        }
        return Math.min(1.0, Math.max((double) job.nodes() / totals.nodes(), (double) job.cpus() / totals.cpus()));
    }

    private double tresSum(PriorityInputs job) {
        double sum = 0;
        for (Map.Entry<String, Long> weight : weights.tres().entrySet()) {
            double total = totals.tres().getOrDefault(weight.getKey(), 0.0);
            double asked = job.tres().getOrDefault(weight.getKey(), 0.0);
            sum += weight.getValue() * (total > 0 ? Math.min(1.0, asked / total) : 0);
        }
        return sum;
    }

    private static double ratio(long value, long max) {
        return max <= 0 ? 0 : Math.min(1.0, Math.max(0, (double) value / max));
    }
}
