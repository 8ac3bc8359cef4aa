package io.jslurm.conf.slurm;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * How slurmctld selects resources, orders the queue and preempts.
 *
 * @param preemptExemptTime how long a job runs before it may be preempted (PreemptExemptTime; zero: at once)
 * @param timeSlice         SchedulerTimeSlice: how long each set of jobs sharing cores runs under gang scheduling
 */
public record SchedulingConfig(SelectPlugin select, SelectTypeParameters selectParameters, SchedulerPlugin scheduler,
                               SchedulerParameters schedulerParameters, PreemptPlugin preemptType,
                               Set<PreemptMode> preemptMode, MemoryLimits memory, Duration preemptExemptTime,
                               Duration timeSlice) {

    public SchedulingConfig {
        Objects.requireNonNull(select, "select");
        Objects.requireNonNull(selectParameters, "selectParameters");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(schedulerParameters, "schedulerParameters");
        Objects.requireNonNull(preemptType, "preemptType");
        preemptMode = Set.copyOf(preemptMode);
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(preemptExemptTime, "preemptExemptTime");
        Objects.requireNonNull(timeSlice, "timeSlice");
    }

    /** PreemptMode=GANG (alone or with SUSPEND): jobs sharing cores take turns, a time slice each. */
    public boolean gang() {
        return preemptMode.contains(PreemptMode.GANG);
    }
}
