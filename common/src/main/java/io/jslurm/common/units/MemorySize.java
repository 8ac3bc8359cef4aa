package io.jslurm.common.units;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.Locale;
import java.util.Objects;

/**
 * An amount of memory in mebibytes, Slurm's unit for {@code --mem}, {@code RealMemory=} and {@code mem=} TRES.
 *
 * <p>Parsing follows {@code sbatch --mem}: a whole number with an optional unit {@code K}, {@code M} (the default),
 * {@code G} or {@code T}, any case, optionally followed by {@code B}; kibibytes round up to whole mebibytes
 * ({@code 1025K} is 2M). Printing uses the largest unit that divides the value exactly, as {@code scontrol}
 * and {@code squeue} show memory: {@code 1500M}, {@code 16G}, {@code 2T}; zero prints as {@code 0}.
 */
public record MemorySize(long mebibytes) implements Comparable<MemorySize> {

    public static final MemorySize ZERO = new MemorySize(0);

    private static final String KIND = "memory size";
    private static final String ALLOWED = "expected a whole number with an optional unit K, M, G or T";
    private static final long MIB_PER_GIB = 1024;
    private static final long MIB_PER_TIB = 1024 * 1024;

    public MemorySize {
        if (mebibytes < 0) {
            throw new IllegalArgumentException("memory size is negative: " + mebibytes + "M");
        }
    }

    public static MemorySize parse(String text) {
        Objects.requireNonNull(text, "memory size is null");
        String trimmed = text.strip();
        String upper = trimmed.toUpperCase(Locale.ROOT);
        if (upper.endsWith("B") && upper.length() > 1 && !Character.isDigit(upper.charAt(upper.length() - 2))) {
            upper = upper.substring(0, upper.length() - 1);
        }
        if (upper.isEmpty()) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        char last = upper.charAt(upper.length() - 1);
        String digits = Character.isDigit(last) ? upper : upper.substring(0, upper.length() - 1);
        if (!Numbers.isDigits(digits)) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        long number = Numbers.parseNonNegative(digits, KIND, text, "a whole number");
        return switch (last) {
            case 'K' -> ofKibibytesRoundedUp(number);
            case 'G' -> new MemorySize(Numbers.multiply(number, MIB_PER_GIB, KIND, text));
            case 'T' -> new MemorySize(Numbers.multiply(number, MIB_PER_TIB, KIND, text));
            case 'M' -> new MemorySize(number);
            default -> {
                if (Character.isDigit(last)) {
                    yield new MemorySize(number);
                }
                throw new InvalidValueException(KIND, text, "unknown unit '" + last + "'; " + ALLOWED);
            }
        };
    }

    public static MemorySize ofMebibytes(long mebibytes) {
        return new MemorySize(mebibytes);
    }

    public static MemorySize ofGibibytes(long gibibytes) {
        return new MemorySize(Math.multiplyExact(gibibytes, MIB_PER_GIB));
    }

    public static MemorySize ofTebibytes(long tebibytes) {
        return new MemorySize(Math.multiplyExact(tebibytes, MIB_PER_TIB));
    }

    /** Slurm allocates whole mebibytes, so a partial one counts as a whole one. */
    public static MemorySize ofKibibytesRoundedUp(long kibibytes) {
        return new MemorySize(kibibytes / 1024 + (kibibytes % 1024 == 0 ? 0 : 1));
    }

    public static MemorySize ofBytesRoundedUp(long bytes) {
        return new MemorySize(bytes / (1024 * 1024) + (bytes % (1024 * 1024) == 0 ? 0 : 1));
    }

    public long kibibytes() {
        return Math.multiplyExact(mebibytes, 1024L);
    }

    public long bytes() {
        return Math.multiplyExact(mebibytes, 1024L * 1024L);
    }

    public boolean isZero() {
        return mebibytes == 0;
    }

    public MemorySize plus(MemorySize other) {
        return new MemorySize(Math.addExact(mebibytes, other.mebibytes));
    }

    /** Fails when {@code other} is larger, since a negative amount of memory means a bookkeeping error. */
    public MemorySize minus(MemorySize other) {
        return new MemorySize(mebibytes - other.mebibytes);
    }

    public MemorySize times(long factor) {
        return new MemorySize(Math.multiplyExact(mebibytes, factor));
    }

    public MemorySize min(MemorySize other) {
        return compareTo(other) <= 0 ? this : other;
    }

    public MemorySize max(MemorySize other) {
        return compareTo(other) >= 0 ? this : other;
    }

    @Override
    public int compareTo(MemorySize other) {
        return Long.compare(mebibytes, other.mebibytes);
    }

    /** The plain number of mebibytes, as {@code sinfo %m} and {@code RealMemory=} write it. */
    public String toMebibytesString() {
        return Long.toString(mebibytes);
    }

    /** The largest unit that divides exactly: {@code 1500M}, {@code 16G}, {@code 2T}, {@code 0}. */
    @Override
    public String toString() {
        if (mebibytes == 0) {
            return "0";
        }
        if (mebibytes % MIB_PER_TIB == 0) {
            return mebibytes / MIB_PER_TIB + "T";
        }
        if (mebibytes % MIB_PER_GIB == 0) {
            return mebibytes / MIB_PER_GIB + "G";
        }
        return mebibytes + "M";
    }
}
