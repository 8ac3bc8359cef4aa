package io.jslurm.sched.select;

import java.util.Optional;

/** How much of a job one node can take, given its free resources. */
final class NodeCapacity {

    private NodeCapacity() {
    }

    static boolean fits(JobShape job, NodeFree node, NodeDemand demand) {
        // A demand without GPUs on the node (CPU jobs, and whole-job --gpus counts, which are checked apart) does not
        // ask for the free GPU count: where it is not counted yet, counting reads the GPU bit set, a cache miss.
        return demand.cores() <= node.freeCoreCount()
                && demand.memory() <= node.freeMemory()
                && (demand.gpus() <= 0 || demand.gpus() <= node.freeGpuCount(job.gpuType));
    }

    /** The most tasks, at most {@code upper}, that fit on the node; 0 when not even one does. */
    static int maxTasks(JobShape job, NodeFree node, int upper) {
        // The demand grows with the tasks, so fitting is monotone in them; the free cores give a bound that is
        // usually the answer (cores are what most nodes run out of first), so it is tried before bisecting below it.
        int high = Math.min(upper, job.taskBoundByCores(node));
        if (high <= 0 || fits(job, node, job.demand(node, high, job.gpusFor(high)))) {
            return Math.max(0, high);
        }
        int low = 0;
        high--;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (fits(job, node, job.demand(node, mid, job.gpusFor(mid)))) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** The most GPUs, at most {@code upper}, that fit on the node next to {@code tasks} tasks (for --gpus). */
    static int maxGpus(JobShape job, NodeFree node, int tasks, int upper) {
        int gpus = Math.min(upper, node.freeGpuCount(job.gpuType));
        while (gpus > 0 && !fits(job, node, job.demand(node, tasks, gpus))) {
            gpus--;
        }
        return gpus;
    }

    /**
     * For a whole-job GPU count (--gpus): a node takes part only with at least one free matching GPU, and a
     * single-node job needs them all on one node.
     */
    static boolean contributesGpus(JobShape job, NodeFree node) {
        if (!job.gpusPerJob()) {
            return true;
        }
        int free = node.freeGpuCount(job.gpuType);
        return job.maxNodes == 1 ? free >= job.totalGpus() : free > 0;
    }

    /**
     * The tasks the node can take after every filter, or, when it takes none, {@code -(rejection.ordinal() + 1)}:
     * one allocation-free answer for the hot loop of the fit.
     */
    static int tasksOrRejection(JobShape job, NodeFree node) {
        NodeRejection rejection = NodeFilter.rejection(job, node);
        if (rejection != null) {
            return -rejection.ordinal() - 1;
        }
        int tasks = maxTasks(job, node, job.request.ntasksPerNode().orElse(job.ntasks));
        if (tasks > 0 && !contributesGpus(job, node)) {
            return -NodeRejection.GPUS.ordinal() - 1;
        }
        if (tasks == 0) {
            return -shortage(job, node, 1).orElse(NodeRejection.CPUS).ordinal() - 1;
        }
        return tasks;
    }

    /** Which resource is short for {@code tasks} tasks; empty when they fit. */
    static Optional<NodeRejection> shortage(JobShape job, NodeFree node, int tasks) {
        NodeDemand demand = job.demand(node, tasks, job.gpusFor(tasks));
        if (demand.gpus() > 0 && demand.gpus() > node.freeGpuCount(job.gpuType)) {
            return Optional.of(NodeRejection.GPUS);
        }
        if (demand.cores() > node.freeCoreCount()) {
            return Optional.of(NodeRejection.CPUS);
        }
        if (demand.memory() > node.freeMemory()) {
            return Optional.of(NodeRejection.MEMORY);
        }
        return Optional.empty();
    }
}
