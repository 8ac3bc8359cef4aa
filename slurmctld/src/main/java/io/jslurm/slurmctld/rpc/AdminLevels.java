package io.jslurm.slurmctld.rpc;

/**
 * What the controller asks accounting about a user's AdminLevel (sacctmgr's None, Operator,
 * Administrator). Without accounting nobody holds a level: only root and SlurmUser are privileged.
 */
@FunctionalInterface
public interface AdminLevels {

    /** Slurm's admin levels, lowest first. */
    enum Level { NONE, OPERATOR, ADMINISTRATOR }

    AdminLevels NOBODY = uid -> Level.NONE;

    Level levelOf(long uid);

    default boolean atLeast(long uid, Level level) {
        return levelOf(uid).compareTo(level) >= 0;
    }
}
