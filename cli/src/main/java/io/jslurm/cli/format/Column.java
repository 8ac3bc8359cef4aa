package io.jslurm.cli.format;

/**
 * A field placed in an output line.
 *
 * @param width  the field's width: shorter values are padded, longer ones cut; 0 prints values whole
 * @param right  right-justified (the {@code .} in {@code %.18i})
 * @param suffix text printed after the field
 */
public record Column<T>(Field<T> field, int width, boolean right, String suffix) {

    /** Appends the value padded or cut to the column's width, then the suffix. */
    StringBuilder appendTo(StringBuilder line, String text) {
        String value = text == null ? "" : text;
        int length = width > 0 ? Math.min(width, value.length()) : value.length();
        int padding = width - length;
        if (right) {
            pad(line, padding);
        }
        line.append(value, 0, length);
        if (!right) {
            pad(line, padding);
        }
        return line.append(suffix);
    }

    private static void pad(StringBuilder line, int spaces) {
        for (int i = 0; i < spaces; i++) {
            line.append(' ');
        }
    }
}
