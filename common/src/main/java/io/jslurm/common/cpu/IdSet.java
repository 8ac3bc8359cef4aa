package io.jslurm.common.cpu;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.BitSet;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A set of small non-negative indices (CPUs, cores, GPUs, array task ids) in the list syntax shared by Slurm's
 * {@code Cores=}, cgroup cpusets and bitmaps: {@code 0-31}, {@code 0,2,4-7}. Order and duplicates in the input
 * do not matter; printing is sorted and compact. {@link #toCommaList()} gives the plain list that
 * {@code CUDA_VISIBLE_DEVICES} needs.
 */
public final class IdSet {

    /** Guards against a short range expanding into a huge bitmap. */
    public static final int MAX_ID = (1 << 26) - 1;

    private static final IdSet EMPTY = new IdSet(new BitSet());
    private static final String KIND = "id list";
    private static final String ALLOWED = "expected numbers and ranges such as 0-3,8,10-11";

    private final BitSet bits;

    private IdSet(BitSet bits) {
        this.bits = bits;
    }

    public static IdSet empty() {
        return EMPTY;
    }

    public static IdSet parse(String text) {
        Objects.requireNonNull(text, "id list is null");
        String trimmed = text.strip();
        BitSet bits = new BitSet();
        if (trimmed.isEmpty()) {
            return EMPTY;
        }
        for (String item : trimmed.split(",", -1)) {
            int dash = item.indexOf('-');
            String lo = dash < 0 ? item : item.substring(0, dash);
            String hi = dash < 0 ? item : item.substring(dash + 1);
            if (!Numbers.isDigits(lo) || !Numbers.isDigits(hi)) {
                throw new InvalidValueException(KIND, text, "invalid range '" + item + "'; " + ALLOWED);
            }
            int from = id(lo, text);
            int to = id(hi, text);
            if (to < from) {
                throw new InvalidValueException(KIND, text, "range '" + item + "' runs backwards");
            }
            bits.set(from, to + 1);
        }
        return new IdSet(bits);
    }

    private static int id(String digits, String text) {
        long value = Numbers.parseNonNegative(digits, KIND, text, "a number");
        if (value > MAX_ID) {
            throw new InvalidValueException(KIND, text, "'" + digits + "' is larger than " + MAX_ID);
        }
        return (int) value;
    }

    public static IdSet of(int... ids) {
        BitSet bits = new BitSet();
        for (int id : ids) {
            requireId(id);
            bits.set(id);
        }
        return new IdSet(bits);
    }

    public static IdSet of(IntStream ids) {
        BitSet bits = new BitSet();
        ids.forEach(id -> {
            requireId(id);
            bits.set(id);
        });
        return new IdSet(bits);
    }

    /**
     * Reads a mask laid out as native {@code unsigned long} words, lowest id in bit 0 of word 0 (the
     * layout of NVML's and sched_getaffinity's CPU masks).
     */
    public static IdSet fromMaskWords(long[] words) {
        return new IdSet(BitSet.valueOf(words));
    }

    /** {@code from} to {@code to}, both included. */
    public static IdSet range(int from, int to) {
        requireId(from);
        requireId(to);
        if (to < from) {
            throw new IllegalArgumentException("range " + from + "-" + to + " runs backwards");
        }
        BitSet bits = new BitSet();
        bits.set(from, to + 1);
        return new IdSet(bits);
    }

    private static void requireId(int id) {
        if (id < 0 || id > MAX_ID) {
            throw new IllegalArgumentException("id " + id + " is outside 0-" + MAX_ID);
        }
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public boolean contains(int id) {
        return id >= 0 && bits.get(id);
    }

    /** Ascending. */
    public IntStream stream() {
        return bits.stream();
    }

    public int first() {
        if (bits.isEmpty()) {
            throw new IllegalStateException("id set is empty");
        }
        return bits.nextSetBit(0);
    }

    public int last() {
        if (bits.isEmpty()) {
            throw new IllegalStateException("id set is empty");
        }
        return bits.length() - 1;
    }

    public IdSet union(IdSet other) {
        BitSet result = (BitSet) bits.clone();
        result.or(other.bits);
        return new IdSet(result);
    }

    public IdSet intersection(IdSet other) {
        BitSet result = (BitSet) bits.clone();
        result.and(other.bits);
        return new IdSet(result);
    }

    public IdSet minus(IdSet other) {
        BitSet result = (BitSet) bits.clone();
        result.andNot(other.bits);
        return new IdSet(result);
    }

    public boolean containsAll(IdSet other) {
        return other.minus(this).isEmpty();
    }

    /** The lowest {@code count} ids, for picking free CPUs or GPUs in order. */
    public IdSet lowest(int count) {
        if (count > size()) {
            throw new IllegalArgumentException("asked for " + count + " ids of " + size());
        }
        BitSet result = new BitSet();
        bits.stream().limit(count).forEach(result::set);
        return new IdSet(result);
    }

    /** Compact ranges: {@code 0-3,8,10-11}; empty prints as an empty string. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        int start = bits.nextSetBit(0);
        while (start >= 0) {
            int end = bits.nextClearBit(start) - 1;
            if (!out.isEmpty()) {
                out.append(',');
            }
            out.append(start);
            if (end > start) {
                out.append('-').append(end);
            }
            start = bits.nextSetBit(end + 1);
        }
        return out.toString();
    }

    /** Every id written out: {@code 0,1,2,3}, the form {@code CUDA_VISIBLE_DEVICES} takes. */
    public String toCommaList() {
        StringBuilder out = new StringBuilder();
        bits.stream().forEach(id -> out.append(out.isEmpty() ? "" : ",").append(id));
        return out.toString();
    }

    /** A hexadecimal mask, lowest id in the lowest bit: {@code 0x3} for {@code 0-1}, as CPU binding masks are shown. */
    public String toHexMask() {
        StringBuilder hex = new StringBuilder();
        for (int nibble = (Math.max(bits.length(), 1) - 1) / 4; nibble >= 0; nibble--) {
            int value = 0;
            for (int bit = 3; bit >= 0; bit--) {
                value = value << 1 | (bits.get(nibble * 4 + bit) ? 1 : 0);
            }
            hex.append(Character.forDigit(value, 16));
        }
        return "0x" + hex.toString().toUpperCase(java.util.Locale.ROOT);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IdSet that && bits.equals(that.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }
}
