package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Permission;

/**
 * Who may do what. Without accounting there are no operators or administrators in the database, so root and
 * SlurmUser hold every permission; node daemons are root, SlurmUser or SlurmdUser.
 */
public record Callers(long slurmUserUid, long slurmdUserUid) implements Authorizer {

    public boolean privileged(Identity caller) {
        return caller.isRoot() || caller.uid() == slurmUserUid;
    }

    /** The job's owner, or someone privileged. */
    public boolean mayControl(Identity caller, long ownerUid) {
        return privileged(caller) || caller.uid() == ownerUid;
    }

    @Override
    public boolean permits(Identity caller, Permission required) {
        return switch (required) {
            case USER -> true;
            case OPERATOR, ADMINISTRATOR -> privileged(caller);
            case SLURM_USER -> privileged(caller) || caller.uid() == slurmdUserUid;
        };
    }
}
