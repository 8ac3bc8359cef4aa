package io.jslurm.slurmctld.schedule;

import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.sched.preempt.PreemptMode;
import io.jslurm.sched.preempt.PreemptParams;
import io.jslurm.sched.preempt.PreemptType;
import io.jslurm.sched.preempt.QosPreempt;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** slurm.conf's PreemptType and PreemptMode (cluster and partitions) as the scheduler core's preemption settings. */
final class PreemptSettings {

    private PreemptSettings() {
    }

    static PreemptParams of(SlurmConfig slurm, Map<String, QosPreempt> qos) {
        var scheduling = slurm.scheduling();
        PreemptType type = switch (scheduling.preemptType()) {
            case NONE -> PreemptType.NONE;
            case PARTITION_PRIO -> PreemptType.PARTITION_PRIO;
            case QOS -> PreemptType.QOS;
        };
        Map<String, PreemptMode> partitions = new HashMap<>();
        for (PartitionConfig partition : slurm.partitions()) {
            if (!partition.preemptMode().isEmpty()) {
                partitions.put(partition.name(), mode(partition.preemptMode()).orElse(PreemptMode.OFF));
            }
        }
        return new PreemptParams(type, mode(scheduling.preemptMode()).orElse(PreemptMode.OFF), partitions, qos);
    }

    /**
     * The mechanism of a PreemptMode list: CANCEL, REQUEUE or SUSPEND; OFF, or GANG alone (time-slicing without
     * preemption), preempts nothing.
     */
    static Optional<PreemptMode> mode(Set<io.jslurm.conf.slurm.PreemptMode> modes) {
        if (modes.contains(io.jslurm.conf.slurm.PreemptMode.OFF)) {
            return Optional.of(PreemptMode.OFF);
        }
        if (modes.contains(io.jslurm.conf.slurm.PreemptMode.CANCEL)) {
            return Optional.of(PreemptMode.CANCEL);
        }
        if (modes.contains(io.jslurm.conf.slurm.PreemptMode.REQUEUE)) {
            return Optional.of(PreemptMode.REQUEUE);
        }
        if (modes.contains(io.jslurm.conf.slurm.PreemptMode.SUSPEND)) {
            return Optional.of(PreemptMode.SUSPEND);
        }
        return Optional.empty();
    }
}
