package io.jslurm.sched.select;

import java.util.Comparator;

/**
 * A node that passed every filter, with the tasks it can hold.
 *
 * @param id the node's position among the nodes evaluated for this fit
 */
record Candidate(int id, NodeFree node, int maxTasks, int freeCores) {

    /** Lowest Weight first, then best fit (fewest free cores), then slurm.conf order. */
    static final Comparator<Candidate> RANK = Comparator
            .comparingInt((Candidate c) -> c.node().node().weight())
            .thenComparingInt(Candidate::freeCores)
            .thenComparingInt(c -> c.node().order());

    static final Comparator<Candidate> NODE_ORDER = Comparator.comparingInt(c -> c.node().order());
}
