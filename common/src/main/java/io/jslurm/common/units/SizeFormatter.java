package io.jslurm.common.units;

import java.util.Locale;
import java.util.Objects;

/**
 * Writes sizes the way Slurm's accounting reports do ({@code sacct} MaxRSS, ReqMem, MaxDiskRead ...): a number
 * and a unit letter, whole numbers without decimals and fractions with two ({@code 1.50G}), zero as {@code 0}.
 *
 * <p>{@link #exact()} is {@code sacct}'s default (step up a unit only while nothing is lost: {@code 2048M} is
 * {@code 2G}, {@code 1500M} stays); {@link #noConvert()} is {@code --noconvert}; {@link #in(SizeUnit)} is
 * {@code --units=X}, which wins over {@code --noconvert}; {@link #aggressive()} steps up while the value is at
 * least 1024.
 */
public final class SizeFormatter {

    private enum Mode { EXACT, NO_CONVERT, FIXED, AGGRESSIVE }

    private static final double STEP = 1024.0;

    private final Mode mode;
    private final SizeUnit unit;

    private SizeFormatter(Mode mode, SizeUnit unit) {
        this.mode = mode;
        this.unit = unit;
    }

    public static SizeFormatter exact() {
        return new SizeFormatter(Mode.EXACT, null);
    }

    public static SizeFormatter noConvert() {
        return new SizeFormatter(Mode.NO_CONVERT, null);
    }

    public static SizeFormatter aggressive() {
        return new SizeFormatter(Mode.AGGRESSIVE, null);
    }

    public static SizeFormatter in(SizeUnit unit) {
        return new SizeFormatter(Mode.FIXED, Objects.requireNonNull(unit, "unit is null"));
    }

    /** {@code value} is measured in {@code original} units (e.g. RSS in {@link SizeUnit#K}). */
    public String format(double value, SizeUnit original) {
        Objects.requireNonNull(original, "original unit is null");
        if (value == 0) {
            return "0";
        }
        double number = value;
        int index = original.ordinal();
        SizeUnit[] units = SizeUnit.values();
        switch (mode) {
            case FIXED -> {
                for (; index < unit.ordinal(); index++) {
                    number /= STEP;
                }
                for (; index > unit.ordinal(); index--) {
                    number *= STEP;
                }
            }
            case EXACT -> {
                while (index < units.length - 1 && number >= STEP && number % STEP == 0) {
                    number /= STEP;
                    index++;
                }
            }
            case AGGRESSIVE -> {
                while (index < units.length - 1 && number >= STEP) {
                    number /= STEP;
                    index++;
                }
            }
            case NO_CONVERT -> {
                // printed in the unit it was measured in
            }
        }
        String suffix = units[index].suffix();
        if (number == Math.rint(number) && Math.abs(number) < 1e18) {
            return (long) number + suffix;
        }
        return String.format(Locale.ROOT, "%.2f", number) + suffix;
    }

    public String format(MemorySize size) {
        return format(size.mebibytes(), SizeUnit.M);
    }
}
