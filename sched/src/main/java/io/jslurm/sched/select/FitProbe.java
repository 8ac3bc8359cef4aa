package io.jslurm.sched.select;

import java.util.Set;

/**
 * The fit of one job seen node by node: how many tasks a node could take, by the same filters and capacity rules
 * as {@link ResourceFit#fit}. Lets a caller rule out moments cheaply before asking for a whole fit.
 */
public final class FitProbe {

    private final JobShape job;
    private final int tasksPerNode;

    FitProbe(JobShape job) {
        this.job = job;
        this.tasksPerNode = job.request.ntasksPerNode().isPresent()
                ? Math.min(job.request.ntasksPerNode().getAsInt(), job.ntasks) : 1;
    }

    /** Tasks the node could take now; 0 when it is rejected. */
    public int tasks(NodeFree node) {
        return Math.max(0, NodeCapacity.tasksOrRejection(job, node));
    }

    /** Free GPUs of the requested type, for a whole-job GPU count. */
    public int gpus(NodeFree node) {
        return job.gpusPerJob() ? node.freeGpuCount(job.gpuType) : 0;
    }

    /** Whether a node taking {@code tasks} tasks counts towards the node count. */
    public boolean useful(int tasks) {
        return tasks >= tasksPerNode;
    }

    /**
     * A necessary condition for a fit, from per-node numbers alone.
     *
     * @param usefulNodes nodes that can take part
     * @param tasks       the sum of their tasks
     * @param fullNodes   nodes that alone could take every task
     * @param gpus        the sum of their free GPUs (whole-job GPU counts only)
     * @param required    how many of the required nodes can take part
     */
    public boolean mayFit(int usefulNodes, long tasks, int fullNodes, long gpus, int required) {
        if (required < job.request.requiredNodes().size()) {
            return false;
        }
        if (job.maxNodes == 1) {
            return fullNodes > 0;
        }
        return usefulNodes >= job.minNodes && tasks >= job.ntasks && gpus >= job.totalGpus();
    }

    public boolean holdsAllTasks(int tasks) {
        return tasks >= job.ntasks;
    }

    public Set<String> requiredNodes() {
        return job.request.requiredNodes();
    }
}
