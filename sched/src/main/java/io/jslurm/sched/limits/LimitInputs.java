package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The limits' part of a cluster snapshot: the policy, the jobs whose usage counts against it, and the usage so far
 * that the time-weighted limits count.
 */
public record LimitInputs(AccountingPolicy policy, List<LimitedJob> running, UsedMinutes used) {

    public static final LimitInputs NONE = new LimitInputs(AccountingPolicy.NONE, List.of());

    public LimitInputs {
        requireNonNull(policy, "policy is null");
        running = List.copyOf(running);
        requireNonNull(used, "used is null");
    }

    /** Without past usage: GrpTRESMins and GrpWall see nothing used. */
    public LimitInputs(AccountingPolicy policy, List<LimitedJob> running) {
        this(policy, running, UsedMinutes.NONE);
    }
}
