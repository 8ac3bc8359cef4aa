package io.jslurm.slurmctld.fairshare;

import java.util.Objects;

/** A user association: the account a job is charged to and the user who ran it. */
public record AssocKey(String account, String user) {

    public AssocKey {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(user, "user");
    }
}
