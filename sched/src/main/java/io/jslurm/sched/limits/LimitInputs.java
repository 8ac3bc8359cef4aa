package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** The limits' part of a cluster snapshot: the policy and the jobs whose usage counts against it. */
public record LimitInputs(AccountingPolicy policy, List<LimitedJob> running) {

    public static final LimitInputs NONE = new LimitInputs(AccountingPolicy.NONE, List.of());

    public LimitInputs {
        requireNonNull(policy, "policy is null");
        running = List.copyOf(running);
    }
}
