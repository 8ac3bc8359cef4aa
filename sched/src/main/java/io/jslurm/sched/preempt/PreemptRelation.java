package io.jslurm.sched.preempt;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.RunningJob;
import java.util.Optional;

/**
 * Who may preempt whom, and how: preempt/partition_prio compares the PriorityTier of the two jobs' partitions and
 * takes the victim partition's PreemptMode; preempt/qos looks the victim's QOS up in the preemptor QOS's Preempt=
 * list and takes the victim QOS's PreemptMode. Either falls back to the cluster's PreemptMode, and a victim whose
 * mode comes out OFF is never preempted.
 */
public final class PreemptRelation {

    private final PreemptInput input;
    private final ClusterSnapshot snapshot;

    public PreemptRelation(PreemptInput input, ClusterSnapshot snapshot) {
        this.input = requireNonNull(input, "input is null");
        this.snapshot = requireNonNull(snapshot, "snapshot is null");
    }

    public boolean enabled() {
        return input.params().enabled();
    }

    public PreemptInput input() {
        return input;
    }

    /** How a pending job in {@code partition} would preempt {@code victim}; empty when it may not. */
    public Optional<PreemptMode> mode(long preemptorId, Partition partition, RunningJob victim) {
        PreemptParams params = input.params();
        PreemptMode mode = switch (params.type()) {
            case NONE -> PreemptMode.OFF;
            case PARTITION_PRIO -> byPartition(partition, victim);
            case QOS -> byQos(preemptorId, victim);
        };
        return mode == PreemptMode.OFF ? Optional.empty() : Optional.of(mode);
    }

    private PreemptMode byPartition(Partition preemptor, RunningJob victim) {
        Optional<Partition> victimPartition = snapshot.partition(victim.partition());
        if (victimPartition.isEmpty() || victimPartition.get().priorityTier() >= preemptor.priorityTier()) {
            return PreemptMode.OFF;
        }
        return input.params().partitionModes().getOrDefault(victim.partition(), input.params().clusterMode());
    }

    private PreemptMode byQos(long preemptorId, RunningJob victim) {
        String preemptorQos = input.jobQos().get(preemptorId);
        String victimQos = input.jobQos().get(victim.jobId());
        if (preemptorQos == null || victimQos == null) {
            return PreemptMode.OFF;
        }
        QosPreempt qos = input.params().qos().get(preemptorQos);
        if (qos == null || !qos.preempts().contains(victimQos)) {
            return PreemptMode.OFF;
        }
        QosPreempt victimRecord = input.params().qos().get(victimQos);
        return victimRecord == null ? input.params().clusterMode()
                : victimRecord.mode().orElse(input.params().clusterMode());
    }

    /** The victim's partition tier, for ordering candidates: lower tiers go first. */
    int tierOf(RunningJob victim) {
        return snapshot.partition(victim.partition()).map(Partition::priorityTier).orElse(0);
    }
}
