package io.jslurm.sched.select;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Candidates in the order the selector takes them: the job's required nodes first, then the rest by rank. The rank
 * order is produced lazily from a heap, since most jobs stop after a few nodes and sorting thousands would dominate.
 */
final class CandidateOrder implements RankedCandidates {

    private final List<Candidate> ordered = new ArrayList<>();
    private final PriorityQueue<Candidate> unranked;
    private final int size;
    private final int[] position;
    private long[] byCapacity;

    private CandidateOrder(List<Candidate> first, PriorityQueue<Candidate> rest, int size, int ids) {
        this.ordered.addAll(first);
        this.unranked = rest;
        this.size = size;
        this.position = new int[ids];
        Arrays.fill(position, Integer.MAX_VALUE);
        for (int i = 0; i < ordered.size(); i++) {
            position[ordered.get(i).id()] = i;
        }
    }

    /** Required nodes in slurm.conf order, then the others by {@link Candidate#RANK}. */
    static CandidateOrder ranked(List<Candidate> required, List<Candidate> others, int ids) {
        List<Candidate> first = new ArrayList<>(required);
        first.sort(Candidate.NODE_ORDER);
        PriorityQueue<Candidate> rest = new PriorityQueue<>(Math.max(1, others.size()), Candidate.RANK);
        rest.addAll(others);
        return new CandidateOrder(first, rest, required.size() + others.size(), ids);
    }

    /** Exactly in the given order (contiguous allocations walk nodes in slurm.conf order). */
    static CandidateOrder asGiven(List<Candidate> candidates, int ids) {
        return new CandidateOrder(candidates, new PriorityQueue<>(1, Candidate.RANK), candidates.size(), ids);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Candidate get(int i) {
        while (ordered.size() <= i) {
            Candidate next = unranked.poll();
            position[next.id()] = ordered.size();
            ordered.add(next);
        }
        return ordered.get(i);
    }

    @Override
    public long largestAfter(int i, int count) {
        if (byCapacity == null) {
            byCapacity = new long[size];
            int n = 0;
            for (Candidate candidate : ordered) {
                byCapacity[n++] = pack(candidate);
            }
            for (Candidate candidate : unranked) {
                byCapacity[n++] = pack(candidate);
            }
            Arrays.sort(byCapacity);
        }
        long sum = 0;
        int taken = 0;
        for (int k = byCapacity.length - 1; k >= 0 && taken < count; k--) {
            int id = (int) (byCapacity[k] & 0xFFFFFFFFL);
            if (position[id] > i) {
                sum += byCapacity[k] >>> 32;
                taken++;
            }
        }
        return sum;
    }

    private static long pack(Candidate candidate) {
        return ((long) candidate.maxTasks() << 32) | candidate.id();
    }
}
