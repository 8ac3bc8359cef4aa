package io.jslurm.sched.select;

/** Candidates in the order the selector takes them (see {@link NodeSelector}), produced as it asks. */
interface RankedCandidates {

    int size();

    /** The candidate at position {@code i}; positions are visited in order. */
    Candidate get(int i);

    /** The sum of the {@code count} largest task capacities among the candidates after position {@code i}. */
    long largestAfter(int i, int count);
}
