package io.jslurm.sched.select;

import java.util.Comparator;

/**
 * A node that passed every filter, with the tasks it can hold.
 *
 * @param id     the node's position among the nodes evaluated for this fit
 * @param weight the node's Weight and
 * @param order  its slurm.conf position, copied here because ranking thousands of candidates compares them over and
 *               over, and following the pointers to the node each time costs a cache miss
 * @param preferred taken before the others of its Weight (bf_busy_nodes: the node is busy now)
 */
record Candidate(int id, NodeFree node, int maxTasks, int freeCores, int weight, int order, boolean preferred)
        implements Comparable<Candidate> {

    Candidate(int id, NodeFree node, int maxTasks, int freeCores) {
        this(id, node, maxTasks, freeCores, false);
    }

    Candidate(int id, NodeFree node, int maxTasks, int freeCores, boolean preferred) {
        this(id, node, maxTasks, freeCores, node.node().weight(), node.order(), preferred);
    }

    /** Lowest Weight first, then preferred nodes, then best fit (fewest free cores), then slurm.conf order. */
    static final Comparator<Candidate> RANK = (a, b) -> {
        if (a.weight != b.weight) {
            return Integer.compare(a.weight, b.weight);
        }
        if (a.preferred != b.preferred) {
            return a.preferred ? -1 : 1;
        }
        if (a.freeCores != b.freeCores) {
            return Integer.compare(a.freeCores, b.freeCores);
        }
        return Integer.compare(a.order, b.order);
    };

    /** By {@link #RANK}: so that a heap of candidates can be built in linear time. */
    @Override
    public int compareTo(Candidate other) {
        return RANK.compare(this, other);
    }

    static final Comparator<Candidate> NODE_ORDER = Comparator.comparingInt(Candidate::order);
}
