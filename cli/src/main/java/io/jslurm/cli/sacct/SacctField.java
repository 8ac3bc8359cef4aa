package io.jslurm.cli.sacct;

import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A column sacct can print: its name as {@code --format} takes it (any case), its default width
 * (negative: left-justified, as JobID is) and its value for a row.
 */
public record SacctField(String name, int width, BiFunction<SacctRow, SacctContext, String> value) {

    public SacctField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /** The same field printed {@code newWidth} wide, as {@code name%width} asks. */
    public SacctField withWidth(int newWidth) {
        return new SacctField(name, newWidth, value);
    }
}
