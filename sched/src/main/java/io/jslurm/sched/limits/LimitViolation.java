package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.plan.PendingReason;

/** A limit a job would break: Slurm's reason name and a sentence for people. */
public record LimitViolation(PendingReason reason, String detail) {

    public LimitViolation {
        requireNonNull(reason, "reason is null");
        requireNonNull(detail, "detail is null");
    }
}
