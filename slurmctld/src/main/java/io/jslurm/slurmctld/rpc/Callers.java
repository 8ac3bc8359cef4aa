package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Permission;
import java.util.Objects;

/**
 * Who may do what. root and SlurmUser hold every permission; accounting's operators and
 * administrators ({@link AdminLevels}) may control every job and hold the permission of their level;
 * anyone else controls only their own jobs. Node daemons (registration, heartbeats, job completion)
 * are root, SlurmUser or SlurmdUser only: an AdminLevel never makes a user a daemon.
 */
public record Callers(long slurmUserUid, long slurmdUserUid, AdminLevels admins) implements Authorizer {

    public Callers {
        Objects.requireNonNull(admins, "admins");
    }

    /** Without accounting: no operators or administrators. */
    public Callers(long slurmUserUid, long slurmdUserUid) {
        this(slurmUserUid, slurmdUserUid, AdminLevels.NOBODY);
    }

    public boolean privileged(Identity caller) {
        return caller.isRoot() || caller.uid() == slurmUserUid;
    }

    /** root, SlurmUser, or an operator or administrator in accounting. */
    public boolean operator(Identity caller) {
        return privileged(caller) || admins.atLeast(caller.uid(), AdminLevels.Level.OPERATOR);
    }

    /** The job's owner, or an operator (cancel, hold, release, update, requeue). */
    public boolean mayControl(Identity caller, long ownerUid) {
        return caller.uid() == ownerUid || operator(caller);
    }

    @Override
    public boolean permits(Identity caller, Permission required) {
        return switch (required) {
            case USER -> true;
            case OPERATOR -> operator(caller);
            case ADMINISTRATOR -> privileged(caller) || admins.atLeast(caller.uid(), AdminLevels.Level.ADMINISTRATOR);
            case SLURM_USER -> privileged(caller) || caller.uid() == slurmdUserUid;
        };
    }
}
