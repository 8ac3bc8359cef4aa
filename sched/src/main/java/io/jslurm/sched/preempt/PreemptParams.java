package io.jslurm.sched.preempt;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The preemption settings of one pass.
 *
 * @param clusterMode    the cluster-wide PreemptMode
 * @param partitionModes partitions with their own PreemptMode (they override the cluster's under partition_prio)
 * @param qos            the QOS records by name (their Preempt= lists and modes, used under preempt/qos)
 */
public record PreemptParams(PreemptType type, PreemptMode clusterMode, Map<String, PreemptMode> partitionModes,
        Map<String, QosPreempt> qos) {

    public static final PreemptParams NONE = new PreemptParams(PreemptType.NONE, PreemptMode.OFF, Map.of(),
            Map.of());

    public PreemptParams {
        requireNonNull(type, "type is null");
        requireNonNull(clusterMode, "clusterMode is null");
        partitionModes = Map.copyOf(requireNonNull(partitionModes, "partitionModes is null"));
        qos = Map.copyOf(requireNonNull(qos, "qos is null"));
    }

    public boolean enabled() {
        return type != PreemptType.NONE;
    }
}
