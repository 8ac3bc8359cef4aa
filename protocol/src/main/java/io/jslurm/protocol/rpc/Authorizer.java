package io.jslurm.protocol.rpc;

import io.jslurm.protocol.auth.Identity;

/** Decides whether an authenticated caller holds a permission. */
@FunctionalInterface
public interface Authorizer {
    boolean permits(Identity caller, Permission required);

    /**
     * root and SlurmUser hold every permission, everybody else only {@link Permission#USER}. The
     * controller replaces this with one that knows accounting admin levels.
     */
    static Authorizer slurmUserOnly(long slurmUserUid) {
        return (caller, required) -> required == Permission.USER || caller.isRoot() || caller.uid() == slurmUserUid;
    }
}
