package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.preempt.PreemptMode;

/** One running job to preempt, and how. */
public record Victim(long jobId, PreemptMode mode) {

    public Victim {
        requireNonNull(mode, "mode is null");
        if (mode == PreemptMode.OFF) {
            throw new IllegalArgumentException("job " + jobId + ": a victim needs a preempt mode other than OFF");
        }
    }
}
