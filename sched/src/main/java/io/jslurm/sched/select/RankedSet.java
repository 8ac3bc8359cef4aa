package io.jslurm.sched.select;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The candidates of a {@link KeptFit} in {@link Candidate#RANK} order, none of them preferred: grouped by (Weight,
 * free cores), each group a bit set of slurm.conf positions. A kept fit moves a node between groups at every start
 * on it, thousands of times a pass for each shape kept; in a red-black tree each move compared its way down two
 * paths of candidates spread over the heap (a cache miss per step), here it flips two bits in small sets that stay
 * in the cache. The groups are few (the distinct Weights times the core counts), and those holding a candidate are
 * marked, so walking in rank order skips the empty ones.
 */
final class RankedSet implements Iterable<Candidate> {

    /** The partition's distinct Weights, ascending: a group's first key. */
    private final int[] weights;
    /** Free core counts 0..maxCores: a group's second key. */
    private final int coreSlots;
    private final BitSet[] groups;
    /** The groups that hold a candidate. */
    private final BitSet nonEmpty = new BitSet();
    /** Each slurm.conf position's candidate, while it is in the set. */
    private Candidate[] byOrder;
    private int size;

    /**
     * @param weights  every Weight a candidate may have (duplicates allowed)
     * @param maxCores the most free cores a candidate may have
     * @param maxOrder the highest slurm.conf position a candidate may have (the set grows past it if need be)
     */
    RankedSet(int[] weights, int maxCores, int maxOrder) {
        this.weights = Arrays.stream(weights).distinct().sorted().toArray();
        this.coreSlots = maxCores + 1;
        this.groups = new BitSet[this.weights.length * coreSlots];
        this.byOrder = new Candidate[maxOrder + 1];
    }

    int size() {
        return size;
    }

    /** Adds a candidate not preferred, whose Weight and free cores are within what the set was made for. */
    void add(Candidate candidate) {
        int group = group(candidate);
        BitSet members = groups[group];
        if (members == null) {
            members = new BitSet();
            groups[group] = members;
        }
        if (candidate.order() >= byOrder.length) {
            byOrder = Arrays.copyOf(byOrder, Math.max(candidate.order() + 1, byOrder.length * 2));
        }
        if (byOrder[candidate.order()] != null) {
            throw new IllegalStateException("node at position " + candidate.order() + " is already ranked");
        }
        byOrder[candidate.order()] = candidate;
        members.set(candidate.order());
        nonEmpty.set(group);
        size++;
    }

    /** Removes a candidate added before (the same Weight and free cores as when added). */
    void remove(Candidate candidate) {
        int group = group(candidate);
        BitSet members = groups[group];
        members.clear(candidate.order());
        byOrder[candidate.order()] = null;
        if (members.isEmpty()) {
            nonEmpty.clear(group);
        }
        size--;
    }

    private int group(Candidate candidate) {
        if (candidate.preferred()) {
            throw new IllegalArgumentException("a kept fit ranks no preferred node");
        }
        int weight = Arrays.binarySearch(weights, candidate.weight());
        if (weight < 0 || candidate.freeCores() < 0 || candidate.freeCores() >= coreSlots) {
            throw new IllegalArgumentException("candidate outside the ranks this set was made for: " + candidate);
        }
        return weight * coreSlots + candidate.freeCores();
    }

    /** In rank order: lowest Weight, then fewest free cores, then slurm.conf order. Not to be used across changes. */
    @Override
    public Iterator<Candidate> iterator() {
        return new Iterator<>() {
            private int group = nonEmpty.nextSetBit(0);
            private int order = group < 0 ? -1 : groups[group].nextSetBit(0);

            @Override
            public boolean hasNext() {
                return order >= 0;
            }

            @Override
            public Candidate next() {
                if (order < 0) {
                    throw new NoSuchElementException();
                }
                Candidate candidate = byOrder[order];
                order = groups[group].nextSetBit(order + 1);
                while (order < 0) {
                    group = nonEmpty.nextSetBit(group + 1);
                    if (group < 0) {
                        break;
                    }
                    order = groups[group].nextSetBit(0);
                }
                return candidate;
            }
        };
    }
}
