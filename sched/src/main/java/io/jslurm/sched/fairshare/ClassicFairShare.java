package io.jslurm.sched.fairshare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The classic fair-share formula (PriorityFlags=NO_FAIR_TREE): F = 2^(-UE/S), where S is the product of the
 * normalized shares down the path from root and UE the effective usage, which mixes the association's own share
 * of the cluster's usage with its parent's effective usage in proportion to its shares among its siblings.
 */
public final class ClassicFairShare {

    private ClassicFairShare() {
    }

    public static FairShares compute(ShareNode root) {
        double total = root.subtreeUsage();
        List<ShareRow> rows = new ArrayList<>();
        rows.add(new ShareRow(root.account(), root.user(), 0, root.shares(), 1, total, total > 0 ? 1 : 0,
                total > 0 ? 1 : 0, Double.NaN, Double.NaN));
        visit(root, 1, total > 0 ? 1 : 0, 1.0, total, rows);
        return new FairShares(rows);
    }

    private static void visit(ShareNode parent, int depth, double parentEffective, double parentShares,
                              double total, List<ShareRow> rows) {
        long siblingShares = parent.children().stream().mapToLong(ShareNode::shares).sum();
        List<ShareNode> children = new ArrayList<>(parent.children());
        children.sort(Comparator.comparing((ShareNode n) -> !n.isUser()).thenComparing(ShareNode::user)
                .thenComparing(ShareNode::account));
        for (ShareNode child : children) {
            double share = siblingShares == 0 ? 0 : (double) child.shares() / siblingShares;
            double usage = child.subtreeUsage();
            double actual = total == 0 ? 0 : usage / total;
            double effective = actual + (parentEffective - actual) * share;
            double normShares = parentShares * share;
            double factor = normShares == 0 ? 0 : Math.pow(2, -effective / normShares);
            rows.add(new ShareRow(child.account(), child.user(), depth, child.shares(), normShares, usage, actual,
                    effective, Double.NaN, factor));
            visit(child, depth + 1, effective, normShares, total, rows);
        }
    }
}
