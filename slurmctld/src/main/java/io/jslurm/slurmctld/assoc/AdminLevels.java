package io.jslurm.slurmctld.assoc;

/** Who is an operator or administrator according to accounting; asked where authorization is decided. */
@FunctionalInterface
public interface AdminLevels {

    /** Without accounting nobody is. */
    AdminLevels NOBODY = uid -> AdminLevel.NONE;

    AdminLevel levelOf(long uid);
}
