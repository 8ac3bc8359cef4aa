package io.jslurm.sched.fairshare;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The outcome of one fair-share calculation: one row per association, in tree order (parents before children),
 * indexed by account and user since every pending job looks its factor up.
 */
public final class FairShares {

    public static final FairShares EMPTY = new FairShares(List.of());

    private final List<ShareRow> rows;
    private final Map<String, ShareRow> byAssociation = new HashMap<>();

    public FairShares(List<ShareRow> rows) {
        this.rows = List.copyOf(requireNonNull(rows, "rows is null"));
        for (ShareRow row : this.rows) {
            byAssociation.putIfAbsent(key(row.account(), row.user()), row);
        }
    }

    public List<ShareRow> rows() {
        return rows;
    }

    /** The fair-share factor of a user's association under an account; 0 for an unknown association. */
    public double factor(String account, String user) {
        return row(account, user).map(ShareRow::fairShare).filter(f -> !Double.isNaN(f)).orElse(0.0);
    }

    public Optional<ShareRow> row(String account, String user) {
        return Optional.ofNullable(byAssociation.get(key(account, user)));
    }

    private static String key(String account, String user) {
        return account + '\n' + user;
    }
}
