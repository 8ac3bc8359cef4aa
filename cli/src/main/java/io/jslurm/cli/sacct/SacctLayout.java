package io.jslurm.cli.sacct;

import java.util.List;
import java.util.Objects;

/**
 * How sacct lays rows out: fixed-width columns each followed by a space (right-justified unless
 * the width is negative, values too long cut to width with a {@code +} at the end), under a header
 * and a line of dashes; or, with {@code -p}/{@code -P}, values joined by the delimiter ({@code -p}
 * also ends each line with it).
 */
public record SacctLayout(List<SacctField> fields, Mode mode, String delimiter, boolean header) {

    public enum Mode { FIXED, PARSABLE, PARSABLE2 }

    public SacctLayout {
        fields = List.copyOf(fields);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(delimiter, "delimiter");
    }

    public void print(List<SacctRow> rows, SacctContext context, StringBuilder out) {
        if (header) {
            line(out, fields.stream().map(SacctField::name).toList(), true);
            if (mode == Mode.FIXED) {
                StringBuilder dashes = new StringBuilder();
                for (SacctField f : fields) {
                    dashes.append("-".repeat(Math.abs(f.width()))).append(' ');
                }
                out.append(dashes).append('\n');
            }
        }
        String[] values = new String[fields.size()];
        for (SacctRow row : rows) {
            for (int i = 0; i < values.length; i++) {
                values[i] = fields.get(i).value().apply(row, context);
            }
            line(out, List.of(values), false);
        }
    }

    private void line(StringBuilder out, List<String> values, boolean titles) {
        switch (mode) {
            case FIXED -> {
                for (int i = 0; i < values.size(); i++) {
                    fixed(out, values.get(i), fields.get(i).width(), titles);
                    out.append(' ');
                }
            }
            case PARSABLE -> values.forEach(v -> out.append(v).append(delimiter));
            case PARSABLE2 -> out.append(String.join(delimiter, values));
        }
        out.append('\n');
    }

    /** Titles too long are cut plainly, values with a {@code +} marking the cut. */
    private static void fixed(StringBuilder out, String value, int width, boolean title) {
        int size = Math.abs(width);
        String text = value.length() <= size ? value
                : title ? value.substring(0, size) : value.substring(0, Math.max(0, size - 1)) + "+";
        String padding = " ".repeat(size - text.length());
        if (width < 0) {
            out.append(text).append(padding);
        } else {
            out.append(padding).append(text);
        }
    }
}
