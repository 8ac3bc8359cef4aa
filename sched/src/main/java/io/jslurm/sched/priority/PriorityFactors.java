package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * One job's priority taken apart, as sprio shows it: each factor normalized to 0..1 and the weights it was
 * multiplied by. The weighted parts and the total come from these two.
 *
 * @param tres normalized share of each weighted TRES, by name
 * @param nice the job's nice value, subtracted from the sum
 */
public record PriorityFactors(double age, double assoc, double fairShare, double jobSize, double partition,
        double qos, Map<String, Double> tres, int nice, PriorityWeights weights) {

    public PriorityFactors {
        tres = Map.copyOf(requireNonNull(tres, "tres is null"));
        requireNonNull(weights, "weights is null");
    }

    public double weightedAge() {
        return weights.age() * age;
    }

    public double weightedAssoc() {
        return weights.assoc() * assoc;
    }

    public double weightedFairShare() {
        return weights.fairshare() * fairShare;
    }

    public double weightedJobSize() {
        return weights.jobSize() * jobSize;
    }

    public double weightedPartition() {
        return weights.partition() * partition;
    }

    public double weightedQos() {
        return weights.qos() * qos;
    }

    /** Each TRES's normalized share times its PriorityWeightTRES weight. */
    public Map<String, Double> weightedTres() {
        Map<String, Double> weighted = new java.util.TreeMap<>();
        tres.forEach((name, share) -> weighted.put(name, weights.tres().getOrDefault(name, 0L) * share));
        return weighted;
    }

    /** The weighted sum before nice; the priority is this, rounded, minus nice, at least 1. */
    public double weightedSum() {
        return weightedAge() + weightedAssoc() + weightedFairShare() + weightedJobSize() + weightedPartition()
                + weightedQos() + weightedTres().values().stream().mapToDouble(Double::doubleValue).sum();
    }

    public long priority() {
        return Math.max(1, Math.round(weightedSum()) - nice);
    }
}
