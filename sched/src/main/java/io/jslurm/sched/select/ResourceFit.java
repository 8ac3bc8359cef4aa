package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The fit function of select/cons_tres: for one job and the free resources of a partition's nodes, the nodes, cores,
 * memory and GPU devices it would get. The scheduler proposes starts with {@link #fit}; the controller re-checks a
 * proposed start against live state with {@link #verify} before committing, and both apply the same rules.
 */
public final class ResourceFit {

    /** No node is preferred: the plain ranking (compared by identity, so that it costs no call per node). */
    private static final Predicate<NodeFree> NO_PREFERENCE = node -> false;

    private final SelectParams params;

    public ResourceFit(SelectParams params) {
        this.params = requireNonNull(params, "params is null");
    }

    public SelectParams params() {
        return params;
    }

    public FitResult fit(ResourceRequest request, Partition partition, FreeResources free) {
        return fit(request, partition, free, NO_PREFERENCE);
    }

    /**
     * {@link #fit}, taking the nodes {@code preferred} accepts before the others of the same Weight (bf_busy_nodes:
     * a reservation goes to nodes busy now first).
     */
    public FitResult fit(ResourceRequest request, Partition partition, FreeResources free,
            Predicate<NodeFree> preferred) {
        JobShape job = new JobShape(request, partition, params);
        if (!request.requiredNodes().isEmpty()
                && !new HashSet<>(partition.nodes()).containsAll(request.requiredNodes())) {
            return new FitResult.NoFit(FitResult.Failure.REQUIRED_NODE_NOT_IN_PARTITION, RejectionMetric.none(),
                    "required nodes are not all in partition " + partition.name());
        }
        if (job.shares) {
            // Idle cores first, as Slurm's select does: cores are shared only when the job fits no other way, so
            // sharing jobs that could run side by side are not made to take turns under gang scheduling.
            FitResult alone = fitIn(job, request, partition, free, preferred);
            if (alone instanceof FitResult.Fit) {
                return alone;
            }
            free = free.sharingView(partition.nodes(), job.maxShare);
        }
        return fitIn(job, request, partition, free, preferred);
    }

    private FitResult fitIn(JobShape job, ResourceRequest request, Partition partition, FreeResources free,
            Predicate<NodeFree> preferred) {
        List<NodeFree> nodes = free.nodes(partition.nodes());
        Evaluation evaluation = evaluateAll(job, nodes, preferred);
        RejectionMetric rejections = evaluation.metric();
        if (evaluation.requiredFailure() != null) {
            return new FitResult.NoFit(evaluation.requiredFailure(), rejections,
                    "a required node cannot take the job; " + rejections);
        }
        List<Candidate> required = evaluation.required();
        List<Candidate> others = evaluation.others();
        int ids = required.size() + others.size();
        Optional<List<Placement>> placements = request.contiguous()
                ? NodeSelector.selectContiguous(job, merge(required, others), nodes, ids)
                : NodeSelector.select(job, CandidateOrder.ranked(required, others, ids), required.size(), false);
        if (placements.isEmpty()) {
            return new FitResult.NoFit(FitResult.Failure.RESOURCES, rejections, describe(job, ids, rejections));
        }
        return allocate(job, placements.get());
    }

    /** The allocation of the chosen nodes, in slurm.conf order, with their exact cores and devices. */
    static FitResult.Fit allocate(JobShape job, List<Placement> placements) {
        return new FitResult.Fit(new Allocation(placements.stream()
                .sorted((a, b) -> Integer.compare(a.node().order(), b.node().order()))
                .map(p -> CorePicker.pick(job, p.node(), p.demand()))
                .toList()));
    }

    /**
     * The allocation {@link #fit} gives when the partition's other nodes are all ones it would reject: the rejected
     * nodes only count in the metric of a failed fit, which this does not give. For requests {@link KeptFit}
     * applies to.
     *
     * @param nodes at least every node that can take part of the job, in the partition's order
     * @return empty where {@link #fit} gives no fit
     */
    public Optional<Allocation> fitAmong(ResourceRequest request, Partition partition, List<NodeFree> nodes) {
        return fitAmong(request, partition, nodes, NO_PREFERENCE);
    }

    /** {@link #fitAmong}, with the nodes {@code preferred} accepts ranked as {@link #fit} with them ranks them. */
    public Optional<Allocation> fitAmong(ResourceRequest request, Partition partition, List<NodeFree> nodes,
            Predicate<NodeFree> preferred) {
        if (!KeptFit.applies(this, request, partition)) {
            throw new IllegalArgumentException("a fit among some nodes needs no required nodes, contiguity or sharing");
        }
        JobShape job = new JobShape(request, partition, params);
        List<Candidate> candidates = evaluateAll(job, nodes, preferred).others();
        return NodeSelector.select(job, CandidateOrder.ranked(List.of(), candidates, candidates.size()), 0, false)
                .map(placements -> allocate(job, placements).allocation());
    }

    /** Every node through the filters and capacity count, with the job's required nodes kept apart. */
    private record Evaluation(List<Candidate> required, List<Candidate> others, RejectionMetric metric,
            FitResult.Failure requiredFailure) {
    }

    private static Evaluation evaluateAll(JobShape job, List<NodeFree> nodes, Predicate<NodeFree> preferred) {
        RejectionMetric.Builder metric = new RejectionMetric.Builder();
        List<Candidate> others = new ArrayList<>();
        List<Candidate> required = new ArrayList<>();
        FitResult.Failure requiredFailure = null;
        for (NodeFree node : nodes) {
            metric.evaluated();
            Optional<Candidate> candidate = evaluate(job, node, metric, others.size() + required.size(),
                    preferred);
            boolean isRequired = !job.request.requiredNodes().isEmpty()
                    && job.request.requiredNodes().contains(node.node().name());
            if (candidate.isEmpty() && isRequired) {
                if (!node.schedulable()) {
                    requiredFailure = FitResult.Failure.REQUIRED_NODE_UNAVAILABLE;
                } else if (requiredFailure == null) {
                    requiredFailure = FitResult.Failure.RESOURCES;
                }
            }
            candidate.ifPresent(isRequired ? required::add : others::add);
        }
        return new Evaluation(required, others, metric.build(), requiredFailure);
    }

    private static Optional<Candidate> evaluate(JobShape job, NodeFree node, RejectionMetric.Builder metric, int id,
            Predicate<NodeFree> preferred) {
        int tasks = NodeCapacity.tasksOrRejection(job, node);
        if (tasks < 0) {
            metric.reject(NodeRejection.values()[-tasks - 1]);
            return Optional.empty();
        }
        boolean first = preferred != NO_PREFERENCE && preferred.test(node);
        return Optional.of(new Candidate(id, node, tasks, node.freeCoreCount(), first));
    }

    /** A per-node view of the fit for one job, for callers that sweep over many moments (backfill). */
    public FitProbe probe(ResourceRequest request, Partition partition) {
        return new FitProbe(new JobShape(request, partition, params));
    }

    private static List<Candidate> merge(List<Candidate> required, List<Candidate> others) {
        List<Candidate> all = new ArrayList<>(required);
        all.addAll(others);
        all.sort(Candidate.NODE_ORDER);
        return all;
    }

    static String describe(JobShape job, int usable, RejectionMetric rejections) {
        String need = "needs " + job.minNodes + (job.minNodes == 1 ? " node" : " nodes") + " for " + job.ntasks
                + (job.ntasks == 1 ? " task" : " tasks") + ", " + usable + " usable";
        return rejections.isEmpty() ? need : need + "; " + rejections;
    }

    /**
     * Re-checks a proposed allocation against the free resources now: every node passes the same filters, holds
     * the proposed cores, memory and devices, and together they give the job what it asked for.
     *
     * @return the first problem found, or empty when the allocation can be committed
     */
    public Optional<String> verify(ResourceRequest request, Partition partition, Allocation allocation,
            FreeResources free) {
        JobShape job = new JobShape(request, partition, params);
        FreeResources seen = job.shares ? free.sharingView(allocation.nodeNames(), job.maxShare) : free;
        return AllocationCheck.check(job, partition, allocation, seen);
    }

    /**
     * Whether the job shares its cores in this partition (OverSubscribe=FORCE, or YES and --oversubscribe): its
     * allocation is then recorded with {@link FreeResources#allocate(Allocation, boolean)}.
     */
    public boolean shares(ResourceRequest request, Partition partition) {
        return new JobShape(request, partition, params).shares;
    }
}
