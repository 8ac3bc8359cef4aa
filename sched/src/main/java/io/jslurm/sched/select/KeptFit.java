package io.jslurm.sched.select;

import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * The fit of one request in one partition, kept up to date across the jobs of a pass instead of redone over every
 * node for each of them. A backfill pass fits thousands of jobs of a few dozen shapes at the same moment, and
 * between two of them only the nodes of a start change: so each node's evaluation (the tasks it takes, or why it
 * takes none) is kept, with the ranked candidates and the rejection counts, and only changed nodes are evaluated
 * again. A fit may also see some nodes through a different view (less free over the job's whole time limit); those
 * are evaluated for that fit alone.
 *
 * <p>The answer is the one {@link ResourceFit#fit} gives for the same views, metric included: the same
 * evaluation, the same rank order, the same selector. Only requests the plain path handles without cross-node
 * rules are kept ({@link #applies}): no required nodes, no contiguous allocation, no core sharing.
 */
public final class KeptFit {

    private final JobShape job;
    /** Per node (index in the partition): its tasks (&gt; 0) or {@code -(rejection.ordinal() + 1)}. */
    private final int[] value;
    private final Candidate[] candidates;
    private final RankedSet ranked;
    private final int[] rejections = new int[NodeRejection.values().length];
    /** Task capacity to how many candidates have it. */
    private final TreeMap<Integer, Integer> capacities = new TreeMap<>();
    /**
     * The last other view of each node and its evaluation: the same view object comes back fit after fit while its
     * timeline is unchanged (other views are never changed once made).
     */
    private final NodeFree[] lastView;
    private final int[] lastValue;
    /** Its candidate, where it takes tasks: made once per view, not once per fit. */
    private final Candidate[] lastCandidate;
    /**
     * The view before it and its evaluation: jobs of different lengths see a node with a drop through two or three
     * views (as their ends fall before or after its drops), taken in turn.
     */
    private final NodeFree[] olderView;
    private final int[] olderValue;
    private final Candidate[] olderCandidate;
    /** Marks the nodes seen through another view in the current fit. */
    private final int[] seenAs;
    private int stamp;

    /** @param base every node of the partition, in its order, as a fit without other views sees it */
    public KeptFit(ResourceFit fit, ResourceRequest request, Partition partition, List<NodeFree> base) {
        this.job = new JobShape(request, partition, fit.params());
        this.value = new int[base.size()];
        this.candidates = new Candidate[base.size()];
        this.seenAs = new int[base.size()];
        this.lastView = new NodeFree[base.size()];
        this.lastValue = new int[base.size()];
        this.lastCandidate = new Candidate[base.size()];
        this.olderView = new NodeFree[base.size()];
        this.olderValue = new int[base.size()];
        this.olderCandidate = new Candidate[base.size()];
        // Room for the positions up to the partition's last node's: the set grows past it if need be.
        this.ranked = new RankedSet(base.isEmpty() ? 1 : base.get(base.size() - 1).order() + 1);
        for (int i = 0; i < base.size(); i++) {
            value[i] = NodeCapacity.tasksOrRejection(job, base.get(i));
            add(i, base.get(i));
        }
    }

    /** Whether a request in this partition can be kept: the rules of {@link KeptFit} hold for it. */
    public static boolean applies(ResourceFit fit, ResourceRequest request, Partition partition) {
        return request.requiredNodes().isEmpty() && !request.contiguous() && !fit.shares(request, partition);
    }

    /** Node {@code index} changed; {@code base} is how a fit without other views now sees it. */
    public void changed(int index, NodeFree base) {
        remove(index);
        value[index] = NodeCapacity.tasksOrRejection(job, base);
        add(index, base);
    }

    /**
     * Whether node {@code index} takes no task of the request as a fit without other views sees it. It then takes
     * none through any other view of it either, as long as that view offers no more of anything (the filters and
     * capacities only ever ask for more free resources, never less).
     */
    public boolean rejects(int index) {
        return value[index] < 0;
    }

    /**
     * Whether {@code view}, a view of a node of the partition, takes no task of the request. A view that offers no
     * more of anything than this one takes none either.
     */
    public boolean rejectsView(NodeFree view) {
        return NodeCapacity.tasksOrRejection(job, view) < 0;
    }

    /**
     * For a job that must fit on one node: the Weight of the best-ranked kept candidate that alone takes every task
     * and that {@code seenOtherwise} does not claim, among the first {@code limit} in rank order;
     * {@link Integer#MAX_VALUE} where there is none among them or the job may span nodes.
     *
     * <p>Why a fit that only needs an allocation may then leave out every node of a higher Weight: the selector
     * takes the first candidate in rank order that takes every task, and with one node allowed that candidate alone
     * decides the answer. Such a candidate ranks no later than this one, so it has at most this Weight; and the
     * candidates of at most this Weight are the same whether or not the heavier nodes are looked at.
     *
     * @param seenOtherwise node indexes the fit may see through another view (their kept evaluation may not hold)
     */
    public int singleNodeWeight(IntPredicate seenOtherwise, int limit) {
        if (job.maxNodes != 1) {
            return Integer.MAX_VALUE;
        }
        int looked = 0;
        for (Candidate candidate : ranked) {
            if (looked++ == limit) {
                break;
            }
            if (candidate.maxTasks() >= job.ntasks && !seenOtherwise.test(candidate.id())) {
                return candidate.weight();
            }
        }
        return Integer.MAX_VALUE;
    }

    private void add(int index, NodeFree node) {
        int tasks = value[index];
        if (tasks < 0) {
            rejections[-tasks - 1]++;
            return;
        }
        Candidate candidate = new Candidate(index, node, tasks, node.freeCoreCount());
        candidates[index] = candidate;
        ranked.add(candidate);
        capacities.merge(tasks, 1, Integer::sum);
    }

    private void remove(int index) {
        int tasks = value[index];
        if (tasks < 0) {
            rejections[-tasks - 1]--;
            return;
        }
        ranked.remove(candidates[index]);
        candidates[index] = null;
        capacities.merge(tasks, -1, KeptFit::sumOrNone);
    }

    /**
     * The fit with nodes {@code indexes[0..count)} seen as {@code views} instead of their base. A view is read,
     * never changed, and must not change later while this fit is in use: it is remembered by identity. A null view
     * stands for one the caller knows takes no task: the node is left out, and its rejection is not counted.
     *
     * @return what {@link ResourceFit#fit} returns for the partition seen that way; with null views, the same
     *         allocation where that is a fit, and a failure whose rejection counts fall short by those nodes
     */
    public FitResult fit(int[] indexes, NodeFree[] views, int count) {
        stamp++;
        int[] counts = rejections.clone();
        int total = ranked.size();
        List<Candidate> others = new ArrayList<>();
        // The kept evaluations of the nodes seen otherwise, and the most tasks one of them takes now.
        int[] before = new int[count];
        int mostOther = 0;
        for (int k = 0; k < count; k++) {
            int index = indexes[k];
            seenAs[index] = stamp;
            before[k] = value[index];
            if (before[k] < 0) {
                counts[-before[k] - 1]--;
            } else {
                total--;
            }
            if (views[k] == null) {
                continue; // takes no task: neither a candidate nor counted
            }
            if (lastView[index] != views[k]) {
                see(index, views[k]);
            }
            int tasks = lastValue[index];
            if (tasks < 0) {
                counts[-tasks - 1]++;
            } else {
                total++;
                mostOther = Math.max(mostOther, tasks);
                others.add(lastCandidate[index]);
            }
        }
        Optional<List<Placement>> placements = Optional.empty();
        if (job.maxNodes > 1 || mostTasks(before, count, mostOther) >= job.ntasks) {
            // One node must take every task of a single-node job: without such a node, no walk is needed.
            placements = NodeSelector.select(job, new KeptOrder(total, others, before, count), 0, false);
        }
        if (placements.isPresent()) {
            return ResourceFit.allocate(job, placements.get());
        }
        RejectionMetric metric = RejectionMetric.of(counts, value.length);
        return new FitResult.NoFit(FitResult.Failure.RESOURCES, metric, ResourceFit.describe(job, total, metric));
    }

    /** Makes {@code view} node {@code index}'s last view, from the one before it or evaluated anew. */
    private void see(int index, NodeFree view) {
        NodeFree last = lastView[index];
        int value = lastValue[index];
        Candidate candidate = lastCandidate[index];
        if (olderView[index] == view) {
            lastValue[index] = olderValue[index];
            lastCandidate[index] = olderCandidate[index];
        } else {
            int tasks = NodeCapacity.tasksOrRejection(job, view);
            lastValue[index] = tasks;
            lastCandidate[index] = tasks < 0 ? null : new Candidate(index, view, tasks, view.freeCoreCount());
        }
        lastView[index] = view;
        olderView[index] = last;
        olderValue[index] = value;
        olderCandidate[index] = candidate;
    }

    /** The most tasks a candidate of this fit takes: the largest kept capacity not seen otherwise, or others'. */
    private int mostTasks(int[] before, int count, int mostOther) {
        for (var entry : capacities.descendingMap().entrySet()) {
            if (entry.getKey() <= mostOther) {
                break;
            }
            int seenOtherwise = 0;
            for (int k = 0; k < count; k++) {
                if (before[k] == entry.getKey()) {
                    seenOtherwise++;
                }
            }
            if (entry.getValue() > seenOtherwise) {
                return entry.getKey();
            }
        }
        return mostOther;
    }

    /** Candidate capacities of this fit: the kept ones less those seen otherwise, plus {@code others}'. */
    private TreeMap<Integer, Integer> capacities(int[] before, int count, List<Candidate> others) {
        TreeMap<Integer, Integer> merged = new TreeMap<>(capacities);
        for (int k = 0; k < count; k++) {
            if (before[k] >= 0) {
                merged.merge(before[k], -1, KeptFit::sumOrNone);
            }
        }
        others.forEach(other -> merged.merge(other.maxTasks(), 1, KeptFit::sumOrNone));
        return merged;
    }

    private static Integer sumOrNone(int a, int b) {
        return a + b == 0 ? null : a + b;
    }

    /**
     * The kept candidates in rank order, minus the nodes seen through another view, merged with those nodes'
     * candidates of this fit.
     */
    private final class KeptOrder implements RankedCandidates {

        private final int size;
        private final List<Candidate> others;
        /** The others still to merge in, as a heap: most walks stop after a few candidates. */
        private final PriorityQueue<Candidate> next;
        private final int[] before;
        /** How many entries of {@code before} there are: the nodes seen otherwise. */
        private final int otherwise;
        private final List<Candidate> ordered = new ArrayList<>();
        private final java.util.Iterator<Candidate> kept = ranked.iterator();
        private Candidate nextKept;
        /** Capacities of the candidates after position {@code counted - 1}, made on first use. */
        private TreeMap<Integer, Integer> remaining;
        private int counted;

        KeptOrder(int size, List<Candidate> others, int[] before, int count) {
            this.size = size;
            this.others = others;
            this.next = new PriorityQueue<>(others);
            this.before = before;
            this.otherwise = count;
            advanceKept();
        }

        private void advanceKept() {
            nextKept = null;
            while (kept.hasNext()) {
                Candidate candidate = kept.next();
                if (seenAs[candidate.id()] != stamp) {
                    nextKept = candidate;
                    return;
                }
            }
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Candidate get(int i) {
            while (ordered.size() <= i) {
                Candidate other = next.peek();
                if (nextKept != null && (other == null || Candidate.RANK.compare(nextKept, other) < 0)) {
                    ordered.add(nextKept);
                    advanceKept();
                } else {
                    ordered.add(next.poll());
                }
            }
            return ordered.get(i);
        }

        @Override
        public long largestAfter(int i, int count) {
            if (remaining == null || counted > i + 1) {
                remaining = capacities(before, otherwise, others);
                counted = 0;
            }
            for (; counted <= i && counted < ordered.size(); counted++) {
                remaining.merge(ordered.get(counted).maxTasks(), -1, KeptFit::sumOrNone);
            }
            long sum = 0;
            int taken = 0;
            for (var entry : remaining.descendingMap().entrySet()) {
                int take = Math.min(entry.getValue(), count - taken);
                sum += (long) take * entry.getKey();
                taken += take;
                if (taken == count) {
                    break;
                }
            }
            return sum;
        }
    }
}
