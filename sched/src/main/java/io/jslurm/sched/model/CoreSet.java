package io.jslurm.sched.model;

import io.jslurm.common.cpu.IdSet;
import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * An immutable set of core ids on one node (ids run socket by socket: socket s holds cores
 * {@code s*coresPerSocket .. (s+1)*coresPerSocket-1}). Used for allocated cores, free cores and GPU affinity.
 */
public final class CoreSet {

    private static final CoreSet EMPTY = new CoreSet(new BitSet());

    private final BitSet bits;

    private CoreSet(BitSet bits) {
        this.bits = bits;
    }

    public static CoreSet empty() {
        return EMPTY;
    }

    public static CoreSet of(int... cores) {
        BitSet bits = new BitSet();
        for (int core : cores) {
            if (core < 0) {
                throw new IllegalArgumentException("core id is negative: " + core);
            }
            bits.set(core);
        }
        return new CoreSet(bits);
    }

    /** Cores {@code from} (inclusive) to {@code to} (exclusive). */
    public static CoreSet range(int from, int to) {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("bad core range " + from + ".." + to);
        }
        BitSet bits = new BitSet();
        bits.set(from, to);
        return new CoreSet(bits);
    }

    public static CoreSet copyOf(BitSet bits) {
        return new CoreSet((BitSet) bits.clone());
    }

    /** A mutable copy, for working state. */
    public BitSet toBitSet() {
        return (BitSet) bits.clone();
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public boolean contains(int core) {
        return bits.get(core);
    }

    public boolean intersects(CoreSet other) {
        return bits.intersects(other.bits);
    }

    public boolean intersects(BitSet other) {
        return bits.intersects(other);
    }

    /** Whether some core of this set is not in {@code allowed}. */
    public boolean intersectsOutside(BitSet allowed) {
        BitSet outside = toBitSet();
        outside.andNot(allowed);
        return !outside.isEmpty();
    }

    /** Clears this set's cores in {@code target}. */
    public void clearIn(BitSet target) {
        target.andNot(bits);
    }

    public CoreSet union(CoreSet other) {
        BitSet copy = toBitSet();
        copy.or(other.bits);
        return new CoreSet(copy);
    }

    public CoreSet minus(CoreSet other) {
        BitSet copy = toBitSet();
        copy.andNot(other.bits);
        return new CoreSet(copy);
    }

    public IntStream stream() {
        return bits.stream();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CoreSet that && bits.equals(that.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    /** Slurm's bitmap notation, e.g. {@code 0-3,8}. */
    @Override
    public String toString() {
        return IdSet.of(bits.stream()).toString();
    }
}
