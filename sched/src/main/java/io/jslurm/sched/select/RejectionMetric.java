package io.jslurm.sched.select;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/** How many nodes were turned down for a job, per reason: the answer to "why is my job pending". */
public final class RejectionMetric {

    private static final RejectionMetric NONE = new RejectionMetric(new EnumMap<>(NodeRejection.class), 0);

    private final EnumMap<NodeRejection, Integer> counts;
    private final int nodesEvaluated;

    private RejectionMetric(EnumMap<NodeRejection, Integer> counts, int nodesEvaluated) {
        this.counts = counts;
        this.nodesEvaluated = nodesEvaluated;
    }

    public static RejectionMetric none() {
        return NONE;
    }

    /** From counts indexed by {@link NodeRejection#ordinal()}. */
    static RejectionMetric of(int[] counts, int nodesEvaluated) {
        EnumMap<NodeRejection, Integer> map = new EnumMap<>(NodeRejection.class);
        NodeRejection[] reasons = NodeRejection.values();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                map.put(reasons[i], counts[i]);
            }
        }
        return new RejectionMetric(map, nodesEvaluated);
    }

    public int nodesEvaluated() {
        return nodesEvaluated;
    }

    public int count(NodeRejection reason) {
        return counts.getOrDefault(reason, 0);
    }

    public Map<NodeRejection, Integer> counts() {
        return Collections.unmodifiableMap(counts);
    }

    public boolean isEmpty() {
        return counts.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RejectionMetric that && counts.equals(that.counts)
                && nodesEvaluated == that.nodesEvaluated;
    }

    @Override
    public int hashCode() {
        return counts.hashCode() * 31 + nodesEvaluated;
    }

    /** E.g. {@code "12 nodes: not enough GPUs; 4 nodes: DRAINED"}, largest count first. */
    @Override
    public String toString() {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<NodeRejection, Integer>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(entry -> entry.getValue() + (entry.getValue() == 1 ? " node: " : " nodes: ")
                        + entry.getKey().text())
                .collect(Collectors.joining("; "));
    }

    /** Collects a metric while a fit runs. */
    static final class Builder {
        private final EnumMap<NodeRejection, Integer> counts = new EnumMap<>(NodeRejection.class);
        private int evaluated;

        void evaluated() {
            evaluated++;
        }

        void reject(NodeRejection reason) {
            counts.merge(reason, 1, Integer::sum);
        }

        RejectionMetric build() {
            return new RejectionMetric(counts.clone(), evaluated);
        }
    }
}
