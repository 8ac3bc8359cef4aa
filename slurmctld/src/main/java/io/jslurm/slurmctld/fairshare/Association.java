package io.jslurm.slurmctld.fairshare;

import java.util.Objects;

/**
 * One association as accounting knows it: an account (user empty) under its parent account, or a user under an
 * account.
 *
 * @param shares   the Fairshare value; "parent" (no value) counts as one share
 * @param priority the association's Priority, for the association factor (0 when unset)
 */
public record Association(String account, String user, String parentAccount, long shares, long priority) {

    public Association {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(parentAccount, "parentAccount");
    }

    public boolean isUser() {
        return !user.isEmpty();
    }
}
