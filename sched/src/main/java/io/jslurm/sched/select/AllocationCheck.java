package io.jslurm.sched.select;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import java.util.Optional;

/** The verify half of propose-then-verify; see {@link ResourceFit#verify}. */
final class AllocationCheck {

    private AllocationCheck() {
    }

    static Optional<String> check(JobShape job, Partition partition, Allocation allocation, FreeResources free) {
        int nodes = allocation.nodes().size();
        if (nodes < job.minNodes || nodes > job.maxNodes) {
            return Optional.of(nodes + " nodes, the job needs " + job.minNodes + "-" + job.maxNodes);
        }
        if (!allocation.nodeNames().containsAll(job.request.requiredNodes())) {
            return Optional.of("required nodes " + job.request.requiredNodes() + " missing");
        }
        if (allocation.totalTasks() != job.ntasks) {
            return Optional.of(allocation.totalTasks() + " tasks placed, the job has " + job.ntasks);
        }
        if (job.gpusPerJob() && allocation.totalGpus() < job.totalGpus()) {
            return Optional.of(allocation.totalGpus() + " GPUs, the job needs " + job.totalGpus());
        }
        for (NodeAllocation part : allocation.nodes()) {
            Optional<String> problem = checkNode(job, partition, part, free);
            if (problem.isPresent()) {
                return problem.map(text -> part.node() + ": " + text);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> checkNode(JobShape job, Partition partition, NodeAllocation part,
            FreeResources free) {
        if (!partition.nodes().contains(part.node())) {
            return Optional.of("not in partition " + partition.name());
        }
        Optional<NodeFree> found = free.node(part.node());
        if (found.isEmpty()) {
            return Optional.of("unknown node");
        }
        NodeFree node = found.get();
        Optional<NodeRejection> rejection = NodeFilter.firstRejection(job, node);
        if (rejection.isPresent()) {
            return Optional.of(rejection.get().text());
        }
        if (!node.canHold(part)) {
            return Optional.of("proposed resources are no longer free");
        }
        if (part.tasks() < 1) {
            return Optional.of("no task placed");
        }
        int gpus = job.gpusPerJob() ? part.gpus().size() : job.gpusFor(part.tasks());
        NodeDemand demand = job.demand(node, part.tasks(), gpus);
        if (part.cores().size() < demand.cores() || part.memoryMib() < demand.memory()) {
            return Optional.of("fewer cores or less memory than the tasks need");
        }
        long matching = part.gpus().stream().filter(index -> node.node().gpus().stream()
                .anyMatch(gpu -> gpu.index() == index && gpu.matchesType(job.gpuType))).count();
        return matching < demand.gpus() ? Optional.of("fewer matching GPUs than asked") : Optional.empty();
    }
}
