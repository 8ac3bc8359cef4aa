package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Running jobs to preempt so that a pending job can run. When every victim is suspended the preemptor starts in
 * the same pass (its start is in the plan); victims that are cancelled or requeued must end first, and the
 * preemptor starts in a later pass.
 */
public record Preemption(long preemptorId, String partition, List<Victim> victims, boolean preemptorStarts) {

    public Preemption {
        requireNonNull(partition, "partition is null");
        victims = List.copyOf(requireNonNull(victims, "victims is null"));
        if (victims.isEmpty()) {
            throw new IllegalArgumentException("job " + preemptorId + ": a preemption needs at least one victim");
        }
    }
}
