package io.jslurm.conf.slurm;

import java.util.Objects;
import java.util.Set;

/** How slurmctld selects resources, orders the queue and preempts. */
public record SchedulingConfig(SelectPlugin select, SelectTypeParameters selectParameters, SchedulerPlugin scheduler,
                               SchedulerParameters schedulerParameters, PreemptPlugin preemptType,
                               Set<PreemptMode> preemptMode, MemoryLimits memory) {

    public SchedulingConfig {
        Objects.requireNonNull(select, "select");
        Objects.requireNonNull(selectParameters, "selectParameters");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(schedulerParameters, "schedulerParameters");
        Objects.requireNonNull(preemptType, "preemptType");
        preemptMode = Set.copyOf(preemptMode);
        Objects.requireNonNull(memory, "memory");
    }
}
