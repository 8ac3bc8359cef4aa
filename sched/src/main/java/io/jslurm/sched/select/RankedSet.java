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
 * in the cache. The groups are few (the distinct Weights times the free core counts), and per Weight the free core
 * counts holding a candidate are marked, so walking in rank order skips the empty groups.
 */
final class RankedSet implements Iterable<Candidate> {

    /** The distinct Weights seen, ascending; the arrays below are by position here. */
    private int[] weights = new int[0];
    /** Per Weight, per free core count: the slurm.conf positions of its candidates (null until used). */
    private BitSet[][] groups = new BitSet[0][];
    /** Per Weight: the free core counts whose group holds a candidate. */
    private BitSet[] nonEmpty = new BitSet[0];
    /** Each slurm.conf position's candidate, while it is in the set. */
    private Candidate[] byOrder;
    private int size;

    /** @param positions how many slurm.conf positions to make room for at first (the set grows past it) */
    RankedSet(int positions) {
        this.byOrder = new Candidate[Math.max(1, positions)];
    }

    int size() {
        return size;
    }

    /** Adds a candidate that is not preferred and whose slurm.conf position is not in the set yet. */
    void add(Candidate candidate) {
        if (candidate.preferred()) {
            throw new IllegalArgumentException("a kept fit ranks no preferred node");
        }
        int order = candidate.order();
        if (order >= byOrder.length) {
            byOrder = Arrays.copyOf(byOrder, Math.max(order + 1, byOrder.length * 2));
        }
        if (byOrder[order] != null) {
            throw new IllegalStateException("node at position " + order + " is already ranked");
        }
        int weight = weightIndex(candidate.weight());
        int cores = candidate.freeCores();
        if (cores >= groups[weight].length) {
            groups[weight] = Arrays.copyOf(groups[weight], Math.max(cores + 1, groups[weight].length * 2));
        }
        BitSet members = groups[weight][cores];
        if (members == null) {
            members = new BitSet();
            groups[weight][cores] = members;
        }
        byOrder[order] = candidate;
        members.set(order);
        nonEmpty[weight].set(cores);
        size++;
    }

    /** Removes a candidate added before (the same Weight and free cores as when added). */
    void remove(Candidate candidate) {
        int weight = Arrays.binarySearch(weights, candidate.weight());
        BitSet members = groups[weight][candidate.freeCores()];
        members.clear(candidate.order());
        byOrder[candidate.order()] = null;
        if (members.isEmpty()) {
            nonEmpty[weight].clear(candidate.freeCores());
        }
        size--;
    }

    /** The position of {@code weight} among the Weights seen, made room for where it is new. */
    private int weightIndex(int weight) {
        int found = Arrays.binarySearch(weights, weight);
        if (found >= 0) {
            return found;
        }
        int at = -found - 1;
        weights = insert(weights, at, weight);
        BitSet[][] newGroups = new BitSet[groups.length + 1][];
        System.arraycopy(groups, 0, newGroups, 0, at);
        System.arraycopy(groups, at, newGroups, at + 1, groups.length - at);
        newGroups[at] = new BitSet[0];
        groups = newGroups;
        BitSet[] newNonEmpty = new BitSet[nonEmpty.length + 1];
        System.arraycopy(nonEmpty, 0, newNonEmpty, 0, at);
        System.arraycopy(nonEmpty, at, newNonEmpty, at + 1, nonEmpty.length - at);
        newNonEmpty[at] = new BitSet();
        nonEmpty = newNonEmpty;
        return at;
    }

    private static int[] insert(int[] values, int at, int value) {
        int[] result = new int[values.length + 1];
        System.arraycopy(values, 0, result, 0, at);
        result[at] = value;
        System.arraycopy(values, at, result, at + 1, values.length - at);
        return result;
    }

    /** In rank order: lowest Weight, then fewest free cores, then slurm.conf order. Not to be used across changes. */
    @Override
    public Iterator<Candidate> iterator() {
        return new Iterator<>() {
            private int weight = -1;
            private int cores = -1;
            private int order = -1;

            {
                advanceGroup();
            }

            /** Moves to the first position of the next group that holds a candidate; order stays -1 at the end. */
            private void advanceGroup() {
                order = -1;
                while (order < 0) {
                    cores = weight < 0 ? -1 : nonEmpty[weight].nextSetBit(cores + 1);
                    if (cores < 0) {
                        weight++;
                        if (weight >= weights.length) {
                            return;
                        }
                        cores = nonEmpty[weight].nextSetBit(0);
                        if (cores < 0) {
                            continue;
                        }
                    }
                    order = groups[weight][cores].nextSetBit(0);
                }
            }

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
                order = groups[weight][cores].nextSetBit(order + 1);
                if (order < 0) {
                    advanceGroup();
                }
                return candidate;
            }
        };
    }
}
