package io.jslurm.cli.format;

import java.util.List;
import java.util.Objects;

/**
 * A layout as given on the command line or in the environment: {@code -o} percent syntax or {@code -O} field
 * names. The last one given wins, whichever syntax it uses.
 */
public record LayoutSpec(String text, boolean fieldNames) {

    public LayoutSpec {
        Objects.requireNonNull(text, "text is null");
    }

    public static LayoutSpec percent(String text) {
        return new LayoutSpec(text, false);
    }

    public static LayoutSpec names(String text) {
        return new LayoutSpec(text, true);
    }

    /**
     * As {@link #parse(List)}, but a field that does not exist is added to {@code invalid} and kept as literal
     * text (see {@link OutputFormat#parsePercent(String, List, List)}).
     */
    public <T> OutputFormat<T> parse(List<Field<T>> fields, List<String> invalid) {
        return fieldNames ? OutputFormat.parseLong(text, fields, invalid)
                : OutputFormat.parsePercent(text, fields, invalid);
    }

    /** @throws FormatException for a field that does not exist */
    public <T> OutputFormat<T> parse(List<Field<T>> fields) {
        return fieldNames ? OutputFormat.parseLong(text, fields) : OutputFormat.parsePercent(text, fields);
    }
}
