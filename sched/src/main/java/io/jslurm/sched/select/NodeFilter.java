package io.jslurm.sched.select;

import io.jslurm.sched.model.Constraint;
import java.util.List;
import java.util.Optional;

/** One feasibility check of a node for a job, with a typed verdict (empty passes). */
interface NodeFilter {

    Optional<NodeRejection> check(JobShape job, NodeFree node);

    /** The checks every node goes through before its capacity is counted, cheapest first. */
    List<NodeFilter> ALL = List.of(
            (job, node) -> node.schedulable()
                    ? Optional.empty() : Optional.of(NodeRejection.of(node.node().state())),
            // isEmpty first: most jobs exclude nothing, and hashing every node's name is a cache miss per node.
            (job, node) -> !job.request.excludedNodes().isEmpty()
                    && job.request.excludedNodes().contains(node.node().name())
                    ? Optional.of(NodeRejection.EXCLUDED) : Optional.empty(),
            // Most jobs ask for no feature: answered without reading the node's features (a cache miss per node).
            (job, node) -> job.request.constraint() instanceof Constraint.All all && all.parts().isEmpty()
                    || job.request.constraint().matches(node.node().features())
                    ? Optional.empty() : Optional.of(NodeRejection.FEATURES),
            (job, node) -> job.exclusive && !node.idle() ? Optional.of(NodeRejection.NOT_IDLE) : Optional.empty());

    static Optional<NodeRejection> firstRejection(JobShape job, NodeFree node) {
        for (NodeFilter filter : ALL) {
            Optional<NodeRejection> verdict = filter.check(job, node);
            if (verdict.isPresent()) {
                return verdict;
            }
        }
        return Optional.empty();
    }
}
