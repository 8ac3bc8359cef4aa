package io.jslurm.sched.backfill;

import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.NodeFree;

/**
 * What the start search's probe last found on each node of a partition, for one {@link Shape}: searches of later
 * jobs look at the same nodes through the same views (a timeline hands out the same view object until it changes),
 * so the probe's tasks and GPUs are counted again only for a view not seen before.
 *
 * <p>Two views are kept per node, the last and the one before it: searches of jobs of different lengths see a node
 * with a drop through two views in turn (their ends fall before or after the drop), and with one kept each turn
 * counted the node again (a quarter of the counts at 10,000 nodes with every job tested).
 */
final class ProbeMemo {

    /** Per node two entries, at 2 * node and 2 * node + 1: a view, its timeline's version, and the probe's counts. */
    private final NodeFree[] views;
    private final int[] versions;
    private final int[] tasks;
    private final int[] gpus;
    /** Per node, which of its two entries holds the last view seen (0 or 1); the other holds the one before. */
    private final byte[] last;

    ProbeMemo(int nodes) {
        this.views = new NodeFree[2 * nodes];
        this.versions = new int[2 * nodes];
        this.tasks = new int[2 * nodes];
        this.gpus = new int[2 * nodes];
        this.last = new byte[nodes];
    }

    /** Makes sure the counts of {@code node} are those of {@code view}, taken from a timeline at {@code version}. */
    void see(int node, NodeFree view, int version, FitProbe probe) {
        int at = 2 * node + last[node];
        if (views[at] == view && versions[at] == version) {
            return;
        }
        int other = at ^ 1;
        last[node] ^= 1; // the last view becomes the one before, whichever entry the view is now in
        if (views[other] == view && versions[other] == version) {
            return;
        }
        views[other] = view;
        versions[other] = version;
        tasks[other] = probe.tasks(view);
        gpus[other] = tasks[other] > 0 ? probe.gpus(view) : 0;
    }

    int tasks(int node) {
        return tasks[2 * node + last[node]];
    }

    int gpus(int node) {
        return gpus[2 * node + last[node]];
    }
}
