package io.jslurm.cli.sacct;

import java.util.List;
import java.util.Objects;

/**
 * The table layout sacct and sacctmgr share: fixed-width columns each followed by a space
 * (right-justified unless the width is negative; values too long cut to width with a {@code +} at
 * the end, titles cut plainly) under a header and a line of dashes; or, parsable, values joined by
 * the delimiter ({@link Mode#PARSABLE} also ends each line with it).
 */
public record FieldTable(List<String> titles, List<Integer> widths, Mode mode, String delimiter, boolean header) {

    public enum Mode { FIXED, PARSABLE, PARSABLE2 }

    public FieldTable {
        titles = List.copyOf(titles);
        widths = List.copyOf(widths);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(delimiter, "delimiter");
        if (titles.size() != widths.size()) {
            throw new IllegalArgumentException("a width for each title");
        }
    }

    /** The header lines, if any. */
    public void printHeader(StringBuilder out) {
        if (!header) {
            return;
        }
        line(out, titles, true);
        if (mode == Mode.FIXED) {
            for (int width : widths) {
                out.append("-".repeat(Math.abs(width))).append(' ');
            }
            out.append('\n');
        }
    }

    public void printRow(List<String> values, StringBuilder out) {
        line(out, values, false);
    }

    private void line(StringBuilder out, List<String> values, boolean titleLine) {
        switch (mode) {
            case FIXED -> {
                for (int i = 0; i < values.size(); i++) {
                    fixed(out, values.get(i), widths.get(i), titleLine);
                    out.append(' ');
                }
            }
            case PARSABLE -> values.forEach(v -> out.append(v).append(delimiter));
            case PARSABLE2 -> out.append(String.join(delimiter, values));
        }
        out.append('\n');
    }

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
