package io.jslurm.slurmctld.job;

/** Who holds a pending job back: a user hold may be released by its owner, an admin hold only by an operator. */
public enum Hold {
    NONE,
    USER,
    ADMIN;

    PendingReason reason() {
        return switch (this) {
            case NONE -> PendingReason.NONE;
            case USER -> PendingReason.JOB_HELD_USER;
            case ADMIN -> PendingReason.JOB_HELD_ADMIN;
        };
    }
}
