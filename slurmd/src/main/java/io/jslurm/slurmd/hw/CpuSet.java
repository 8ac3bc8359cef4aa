package io.jslurm.slurmd.hw;

import java.util.BitSet;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A set of logical CPU ids as the kernel numbers them (machine ids, not Slurm's abstract ids).
 * Prints and parses the Linux cpulist format ({@code 0-3,8,10-11}) used by sysfs, cpusets and
 * {@code taskset -c}.
 */
public final class CpuSet {
    private static final CpuSet EMPTY = new CpuSet(new BitSet());

    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    public static CpuSet empty() {
        return EMPTY;
    }

    public static CpuSet of(int... cpuIds) {
        BitSet bits = new BitSet();
        for (int id : cpuIds) {
            bits.set(requireCpuId(id));
        }
        return new CpuSet(bits);
    }

    public static CpuSet of(IntStream cpuIds) {
        BitSet bits = new BitSet();
        cpuIds.forEach(id -> bits.set(requireCpuId(id)));
        return new CpuSet(bits);
    }

    /** Parses a cpulist such as {@code 0-3,8}; blank text is the empty set. */
    public static CpuSet parse(String cpuList) {
        Objects.requireNonNull(cpuList, "cpuList");
        BitSet bits = new BitSet();
        String text = cpuList.strip();
        if (text.isEmpty()) {
            return EMPTY;
        }
        for (String part : text.split(",")) {
            String range = part.strip();
            int dash = range.indexOf('-');
            try {
                if (dash < 0) {
                    bits.set(requireCpuId(Integer.parseInt(range)));
                } else {
                    int low = requireCpuId(Integer.parseInt(range.substring(0, dash).strip()));
                    int high = requireCpuId(Integer.parseInt(range.substring(dash + 1).strip()));
                    if (high < low) {
                        throw new IllegalArgumentException("descending CPU range '" + range + "' in '" + cpuList + "'");
                    }
                    bits.set(low, high + 1);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: '" + cpuList + "'", e);
            }
        }
        return new CpuSet(bits);
    }

    /**
     * Reads a CPU mask laid out as native {@code unsigned long} words, lowest CPU in bit 0 of
     * word 0 (the layout of NVML's and sched_getaffinity's masks).
     */
    public static CpuSet fromMaskWords(long[] words) {
        return new CpuSet(BitSet.valueOf(words));
    }

    private static int requireCpuId(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("CPU id must not be negative: " + id);
        }
        return id;
    }

    public boolean contains(int cpuId) {
        return cpuId >= 0 && bits.get(cpuId);
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public IntStream stream() {
        return bits.stream();
    }

    public CpuSet union(CpuSet other) {
        BitSet result = (BitSet) bits.clone();
        result.or(other.bits);
        return new CpuSet(result);
    }

    public CpuSet intersection(CpuSet other) {
        BitSet result = (BitSet) bits.clone();
        result.and(other.bits);
        return new CpuSet(result);
    }

    /** The cpulist form, ranges collapsed: {@code 0-3,8}. The empty set prints as an empty string. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        int start = bits.nextSetBit(0);
        while (start >= 0) {
            int end = bits.nextClearBit(start) - 1;
            if (out.length() > 0) {
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

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet other && bits.equals(other.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }
}
