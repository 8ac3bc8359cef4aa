package io.jslurm.slurmdbd.usage;

import java.util.Objects;

/** Whose usage: a user through one account. */
public record UserAccount(String user, String account) {

    /** Jobs under no association: their CPUs count for the cluster but for no user. */
    public static final UserAccount NONE = new UserAccount("", "");

    public UserAccount {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(account, "account");
    }
}
