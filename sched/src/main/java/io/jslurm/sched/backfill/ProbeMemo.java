package io.jslurm.sched.backfill;

import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.NodeFree;

/**
 * What the start search's probe last found on each node of a partition, for one {@link Shape}: searches of later
 * jobs look at the same nodes through the same views (a timeline hands out the same view object until it changes),
 * so the probe's tasks and GPUs are counted again only for a view not seen before.
 */
final class ProbeMemo {

    private final NodeFree[] views;
    private final int[] versions;
    private final int[] tasks;
    private final int[] gpus;

    ProbeMemo(int nodes) {
        this.views = new NodeFree[nodes];
        this.versions = new int[nodes];
        this.tasks = new int[nodes];
        this.gpus = new int[nodes];
    }

    /** Makes sure the counts of {@code node} are those of {@code view}, taken from a timeline at {@code version}. */
    void see(int node, NodeFree view, int version, FitProbe probe) {
        if (views[node] != view || versions[node] != version) {
            views[node] = view;
            versions[node] = version;
            tasks[node] = probe.tasks(view);
            gpus[node] = tasks[node] > 0 ? probe.gpus(view) : 0;
        }
    }

    int tasks(int node) {
        return tasks[node];
    }

    int gpus(int node) {
        return gpus[node];
    }
}
