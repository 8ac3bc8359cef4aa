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

    private final NodeFree[] views;
    private final int[] versions;
    private final int[] tasks;
    private final int[] gpus;
    /** The view seen before the last one, with its version and counts. */
    private final NodeFree[] olderViews;
    private final int[] olderVersions;
    private final int[] olderTasks;
    private final int[] olderGpus;

    ProbeMemo(int nodes) {
        this.views = new NodeFree[nodes];
        this.versions = new int[nodes];
        this.tasks = new int[nodes];
        this.gpus = new int[nodes];
        this.olderViews = new NodeFree[nodes];
        this.olderVersions = new int[nodes];
        this.olderTasks = new int[nodes];
        this.olderGpus = new int[nodes];
    }

    /** Makes sure the counts of {@code node} are those of {@code view}, taken from a timeline at {@code version}. */
    void see(int node, NodeFree view, int version, FitProbe probe) {
        if (views[node] == view && versions[node] == version) {
            return;
        }
        NodeFree last = views[node];
        int lastVersion = versions[node];
        int lastTasks = tasks[node];
        int lastGpus = gpus[node];
        if (olderViews[node] == view && olderVersions[node] == version) {
            tasks[node] = olderTasks[node];
            gpus[node] = olderGpus[node];
        } else {
            tasks[node] = probe.tasks(view);
            gpus[node] = tasks[node] > 0 ? probe.gpus(view) : 0;
        }
        views[node] = view;
        versions[node] = version;
        olderViews[node] = last;
        olderVersions[node] = lastVersion;
        olderTasks[node] = lastTasks;
        olderGpus[node] = lastGpus;
    }

    int tasks(int node) {
        return tasks[node];
    }

    int gpus(int node) {
        return gpus[node];
    }
}
