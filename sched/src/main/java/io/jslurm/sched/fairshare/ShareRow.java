package io.jslurm.sched.fairshare;

import static java.util.Objects.requireNonNull;

/**
 * What sshare shows for one association.
 *
 * @param depth        0 for root, 1 for accounts directly under it, ...
 * @param normShares   shares divided by the shares of the association and its siblings
 * @param rawUsage     decayed usage of the association's subtree
 * @param normUsage    rawUsage as a fraction of the whole cluster's
 * @param effectvUsage Fair Tree: rawUsage as a fraction of the parent's; classic: the effective usage
 * @param levelFs      normShares / effectvUsage; infinite without usage, 0 without shares (NaN when not computed)
 * @param fairShare    the fair-share factor in 0..1 (for accounts under Fair Tree: NaN, sshare leaves it blank)
 */
public record ShareRow(String account, String user, int depth, long rawShares, double normShares, double rawUsage,
        double normUsage, double effectvUsage, double levelFs, double fairShare) {

    public ShareRow {
        requireNonNull(account, "account is null");
        requireNonNull(user, "user is null");
    }

    public boolean isUser() {
        return !user.isEmpty();
    }
}
