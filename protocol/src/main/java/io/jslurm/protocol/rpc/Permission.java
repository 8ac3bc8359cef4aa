package io.jslurm.protocol.rpc;

/** What a caller must be to have a request served; checked before the handler runs. */
public enum Permission {
    /** Any authenticated user (submit, query, cancel own jobs: handlers check ownership). */
    USER,
    /** Operator in the accounting sense, or better. */
    OPERATOR,
    /** Administrator in the accounting sense, or better. */
    ADMINISTRATOR,
    /** root or SlurmUser only: daemons talking to each other. */
    SLURM_USER
}
