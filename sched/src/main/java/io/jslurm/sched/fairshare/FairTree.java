package io.jslurm.sched.fairshare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Slurm's Fair Tree: at each level siblings are ordered by level fair share (normalized shares over the
 * fraction of the parent's usage they consumed); a depth-first walk in that order hands out ranks, so every user
 * under a better-behaved account outranks every user under a worse one. A user's factor is its rank over the
 * number of users, the first user getting 1.0. Siblings with the same level fair share tie: tied users share a
 * rank, and the children of tied accounts are ranked together as if they were siblings.
 */
public final class FairTree {

    private final Map<ShareNode, Level> levels = new IdentityHashMap<>();
    private final Map<ShareNode, Double> factors = new IdentityHashMap<>();
    private final int users;
    private int rank;
    private int rankNotTied;

    private FairTree(ShareNode root) {
        this.users = root.userCount();
        this.rank = users;
        this.rankNotTied = users;
    }

    /** Computes every association's row; the root's row comes first, then each subtree in tree order. */
    public static FairShares compute(ShareNode root) {
        FairTree tree = new FairTree(root);
        double total = root.subtreeUsage();
        tree.levels.put(root, new Level(0, total, 1, total > 0 ? 1 : 0, Double.NaN));
        tree.measure(root, total);
        tree.rank(new ArrayList<>(root.children()), false);
        List<ShareRow> rows = new ArrayList<>();
        tree.collect(root, 0, rows);
        return new FairShares(rows);
    }

    /** Shares, usage and level fair share of each child, relative to its siblings and parent. */
    private void measure(ShareNode parent, double clusterUsage) {
        long siblingShares = parent.children().stream().mapToLong(ShareNode::shares).sum();
        double parentUsage = levels.get(parent).rawUsage();
        for (ShareNode child : parent.children()) {
            double usage = child.subtreeUsage();
            double normShares = siblingShares == 0 ? 0 : (double) child.shares() / siblingShares;
            double effectv = parentUsage == 0 ? 0 : usage / parentUsage;
            double levelFs = normShares == 0 ? 0 : effectv == 0 ? Double.POSITIVE_INFINITY : normShares / effectv;
            levels.put(child, new Level(normShares, usage, clusterUsage == 0 ? 0 : usage / clusterUsage, effectv,
                    levelFs));
            measure(child, clusterUsage);
        }
    }

    private void rank(List<ShareNode> siblings, boolean parentTied) {
        // Best level fair share first; names keep the order of equals stable from one calculation to the next.
        siblings.sort(Comparator.comparingDouble((ShareNode n) -> levels.get(n).levelFs()).reversed()
                .thenComparing(ShareNode::account).thenComparing(ShareNode::user));
        double previous = Double.NaN;
        int i = 0;
        while (i < siblings.size()) {
            ShareNode node = siblings.get(i);
            double levelFs = levels.get(node).levelFs();
            boolean tied = i == 0 ? parentTied : levelFs == previous;
            if (node.isUser()) {
                if (!tied) {
                    rank = rankNotTied;
                }
                factors.put(node, users == 0 ? 0 : (double) rank / users);
                rankNotTied--;
                i++;
            } else {
                List<ShareNode> merged = new ArrayList<>(node.children());
                int next = i + 1;
                while (next < siblings.size() && !siblings.get(next).isUser()
                        && levels.get(siblings.get(next)).levelFs() == levelFs) {
                    merged.addAll(siblings.get(next).children());
                    next++;
                }
                rank(merged, tied);
                i = next;
            }
            previous = levelFs;
        }
    }

    private void collect(ShareNode node, int depth, List<ShareRow> rows) {
        Level level = levels.get(node);
        double factor = node.isUser() ? factors.getOrDefault(node, 0.0) : Double.NaN;
        rows.add(new ShareRow(node.account(), node.user(), depth, node.shares(), level.normShares(),
                level.rawUsage(), level.normUsage(), level.effectvUsage(), level.levelFs(), factor));
        // Users before sub-accounts, each group by name: the order sshare lists them in.
        List<ShareNode> children = new ArrayList<>(node.children());
        children.sort(Comparator.comparing((ShareNode n) -> !n.isUser()).thenComparing(ShareNode::user)
                .thenComparing(ShareNode::account));
        for (ShareNode child : children) {
            collect(child, depth + 1, rows);
        }
    }

    private record Level(double normShares, double rawUsage, double normUsage, double effectvUsage, double levelFs) {
    }
}
