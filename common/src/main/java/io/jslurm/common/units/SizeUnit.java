package io.jslurm.common.units;

import io.jslurm.common.text.InvalidValueException;
import java.util.Locale;
import java.util.Objects;

/** Binary size units as Slurm's reports suffix them; {@link #NONE} is a plain count (bytes, or no unit). */
public enum SizeUnit {
    NONE(""), K("K"), M("M"), G("G"), T("T"), P("P");

    private final String suffix;

    SizeUnit(String suffix) {
        this.suffix = suffix;
    }

    public String suffix() {
        return suffix;
    }

    /** Parses a {@code sacct --units} argument: one of {@code K, M, G, T, P}, any case. */
    public static SizeUnit parse(String text) {
        Objects.requireNonNull(text, "unit is null");
        return switch (text.strip().toUpperCase(Locale.ROOT)) {
            case "K" -> K;
            case "M" -> M;
            case "G" -> G;
            case "T" -> T;
            case "P" -> P;
            default -> throw new InvalidValueException("unit", text, "expected one of K, M, G, T, P");
        };
    }
}
