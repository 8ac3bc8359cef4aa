package io.jslurm.sched.fairshare;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One association in the share tree: an account (user empty, may have children) or a user under an account (a
 * leaf). Usage is charged to user associations; an account's usage is the sum of its subtree.
 *
 * @param shares   the association's Fairshare value (sacctmgr fairshare=); 0 means it never outranks anyone
 * @param rawUsage decayed usage charged directly to this association, in TRES-billing-weighted seconds
 */
public record ShareNode(String account, String user, long shares, double rawUsage, List<ShareNode> children) {

    public ShareNode {
        requireNonNull(account, "account is null");
        requireNonNull(user, "user is null");
        children = List.copyOf(requireNonNull(children, "children is null"));
        if (shares < 0 || !(rawUsage >= 0)) {
            throw new IllegalArgumentException("shares and usage must not be negative: " + account + "/" + user);
        }
        if (!user.isEmpty() && !children.isEmpty()) {
            throw new IllegalArgumentException("a user association has no children: " + account + "/" + user);
        }
    }

    public static ShareNode account(String name, long shares, List<ShareNode> children) {
        return new ShareNode(name, "", shares, 0, children);
    }

    public static ShareNode user(String account, String user, long shares, double rawUsage) {
        return new ShareNode(account, user, shares, rawUsage, List.of());
    }

    public boolean isUser() {
        return !user.isEmpty();
    }

    /** Usage of this association and everything under it. */
    public double subtreeUsage() {
        double sum = rawUsage;
        for (ShareNode child : children) {
            sum += child.subtreeUsage();
        }
        return sum;
    }

    /** Number of user associations in this subtree. */
    public int userCount() {
        int count = isUser() ? 1 : 0;
        for (ShareNode child : children) {
            count += child.userCount();
        }
        return count;
    }
}
