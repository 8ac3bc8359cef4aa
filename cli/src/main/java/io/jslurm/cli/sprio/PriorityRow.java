package io.jslurm.cli.sprio;

import io.jslurm.protocol.proto.JobPriorityFactors;
import io.jslurm.protocol.proto.PriorityWeightSet;
import java.util.Map;

/**
 * One sprio line: a pending job's factors with the weights they are multiplied by, or, for {@code -w}, the
 * weights alone (job is then null).
 */
record PriorityRow(JobPriorityFactors job, PriorityWeightSet weights) {

    boolean isWeights() {
        return job == null;
    }

    /** A weighted factor as sprio prints it: the factor times its weight, rounded. */
    String weighted(double factor, long weight) {
        return isWeights() ? Long.toString(weight) : Long.toString(Math.round(factor * weight));
    }

    /** A normalized factor: seven decimals, as sprio -n prints them. */
    String normalized(double factor, long weight) {
        return isWeights() ? Long.toString(weight) : String.format("%.7f", factor);
    }

    /** name=value for each weighted TRES. */
    String tres(boolean weighted) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Long> weight : new java.util.TreeMap<>(weights.getTresMap()).entrySet()) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(weight.getKey()).append('=');
            if (isWeights()) {
                out.append(weight.getValue());
            } else {
                double factor = job.getTresOrDefault(weight.getKey(), 0);
                out.append(weighted ? Long.toString(Math.round(factor * weight.getValue()))
                        : String.format("%.2f", factor));
            }
        }
        return out.toString();
    }
}
