package io.jslurm.cli.format;

/**
 * A field placed in an output line.
 *
 * @param width  the field's width: shorter values are padded, longer ones cut; 0 prints values whole
 * @param right  right-justified (the {@code .} in {@code %.18i})
 * @param suffix text printed after the field
 */
public record Column<T>(Field<T> field, int width, boolean right, String suffix) {

    String render(String text) {
        String value = text == null ? "" : text;
        if (width > 0 && value.length() > width) {
            value = value.substring(0, width);
        }
        if (width > value.length()) {
            String padding = " ".repeat(width - value.length());
            value = right ? padding + value : value + padding;
        }
        return value + suffix;
    }
}
