package io.jslurm.sched.fairshare;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/** The outcome of one fair-share calculation: one row per association, in tree order (parents before children). */
public record FairShares(List<ShareRow> rows) {

    public static final FairShares EMPTY = new FairShares(List.of());

    public FairShares {
        rows = List.copyOf(requireNonNull(rows, "rows is null"));
    }

    /** The fair-share factor of a user's association under an account; 0 for an unknown association. */
    public double factor(String account, String user) {
        return row(account, user).map(ShareRow::fairShare).filter(f -> !Double.isNaN(f)).orElse(0.0);
    }

    public Optional<ShareRow> row(String account, String user) {
        return rows.stream().filter(r -> r.account().equals(account) && r.user().equals(user)).findFirst();
    }
}
