package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.slurmctld.assoc.AdminLevel;
import io.jslurm.slurmctld.assoc.AdminLevels;

/**
 * Who may do what. Root and SlurmUser hold every permission; users accounting names as operators or
 * administrators (sacctmgr's AdminLevel) hold those permissions and may act on other users' jobs; node daemons
 * are root, SlurmUser or SlurmdUser.
 */
public record Callers(long slurmUserUid, long slurmdUserUid, AdminLevels admins) implements Authorizer {

    /** Without accounting: nobody is an operator or administrator. */
    public Callers(long slurmUserUid, long slurmdUserUid) {
        this(slurmUserUid, slurmdUserUid, AdminLevels.NOBODY);
    }

    public boolean privileged(Identity caller) {
        return caller.isRoot() || caller.uid() == slurmUserUid;
    }

    /** Someone privileged, or an operator or administrator by accounting's AdminLevel (Slurm's validate_operator). */
    public boolean operator(Identity caller) {
        return privileged(caller) || atLeast(caller, AdminLevel.OPERATOR);
    }

    /** The job's owner, an operator or administrator, or someone privileged. */
    public boolean mayControl(Identity caller, long ownerUid) {
        return privileged(caller) || caller.uid() == ownerUid || atLeast(caller, AdminLevel.OPERATOR);
    }

    private boolean atLeast(Identity caller, AdminLevel level) {
        return admins.levelOf(caller.uid()).atLeast(level);
    }

    @Override
    public boolean permits(Identity caller, Permission required) {
        return switch (required) {
            case USER -> true;
            case OPERATOR -> privileged(caller) || atLeast(caller, AdminLevel.OPERATOR);
            case ADMINISTRATOR -> privileged(caller) || atLeast(caller, AdminLevel.ADMINISTRATOR);
            case SLURM_USER -> privileged(caller) || caller.uid() == slurmdUserUid;
        };
    }
}
