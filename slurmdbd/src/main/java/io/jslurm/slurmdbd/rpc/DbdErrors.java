package io.jslurm.slurmdbd.rpc;

/** Slurm errno values slurmdbd answers with beyond the protocol's own. */
public final class DbdErrors {

    /** ESLURM_DB_CONNECTION: the database cannot be reached; the request may be sent again later. */
    public static final int DB_CONNECTION = 7000;

    /** SLURM_ERROR for a record that cannot be stored as sent; sending it again will not help. */
    public static final int MALFORMED_RECORD = -1;

    /** ESLURM_INVALID_ACCT / user / qos-style refusals from sacctmgr requests. */
    public static final int INVALID_REQUEST = 2052;

    private DbdErrors() {
    }
}
