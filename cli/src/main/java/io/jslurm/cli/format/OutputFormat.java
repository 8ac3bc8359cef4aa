package io.jslurm.cli.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line layout from squeue/sinfo's {@code -o "%.18i %.9P"} or {@code -O "jobid:10,name:.20"} syntax,
 * able to print the header line and one line per record.
 */
public final class OutputFormat<T> {

    /** Width a {@code -O} field gets when none is given. */
    public static final int DEFAULT_LONG_WIDTH = 20;

    private final String prefix;
    private final List<Column<T>> columns;

    private OutputFormat(String prefix, List<Column<T>> columns) {
        this.prefix = prefix;
        this.columns = List.copyOf(columns);
    }

    /** Parses {@code -o} syntax: text, then fields {@code %[[.]size]letter} each followed by literal text. */
    public static <T> OutputFormat<T> parsePercent(String spec, List<Field<T>> fields) {
        return parsePercent(spec, fields, null);
    }

    /**
     * As {@link #parsePercent(String, List)}, but when {@code invalid} is not null a letter naming no field is
     * added to it and its item ({@code %}, size, letter and the text after) is printed as it stands on every line,
     * as Slurm's squeue does.
     */
    public static <T> OutputFormat<T> parsePercent(String spec, List<Field<T>> fields, List<String> invalid) {
        int first = spec.indexOf('%');
        String prefix = first < 0 ? spec : spec.substring(0, first);
        List<Column<T>> columns = new ArrayList<>();
        int i = first;
        while (i >= 0 && i < spec.length()) {
            int k = i + 1;
            boolean right = k < spec.length() && spec.charAt(k) == '.';
            if (right) {
                k++;
            }
            int widthStart = k;
            while (k < spec.length() && Character.isDigit(spec.charAt(k))) {
                k++;
            }
            int width = k > widthStart ? Integer.parseInt(spec.substring(widthStart, k)) : 0;
            if (k >= spec.length()) {
                throw new FormatException("Invalid job format specification: " + spec.substring(i));
            }
            char letter = spec.charAt(k);
            int next = spec.indexOf('%', k + 1);
            String suffix = next < 0 ? spec.substring(k + 1) : spec.substring(k + 1, next);
            Field<T> field = invalid == null ? byLetter(fields, letter) : findByLetter(fields, letter);
            if (field == null) {
                invalid.add(String.valueOf(letter));
                columns.add(literal(next < 0 ? spec.substring(i) : spec.substring(i, next)));
            } else {
                columns.add(new Column<>(field, width, right, suffix));
            }
            i = next;
        }
        return new OutputFormat<>(prefix, columns);
    }

    /** Parses {@code -O} syntax: comma-separated {@code name[:[.][size][suffix]]}. */
    public static <T> OutputFormat<T> parseLong(String spec, List<Field<T>> fields) {
        return parseLong(spec, fields, null);
    }

    /**
     * As {@link #parseLong(String, List)}, but when {@code invalid} is not null a name naming no field is added to
     * it and prints only its suffix, as Slurm's squeue does.
     */
    public static <T> OutputFormat<T> parseLong(String spec, List<Field<T>> fields, List<String> invalid) {
        List<Column<T>> columns = new ArrayList<>();
        for (String item : spec.split(",")) {
            if (item.isEmpty()) {
                continue;
            }
            int colon = item.indexOf(':');
            String name = colon < 0 ? item : item.substring(0, colon);
            Field<T> field = invalid == null ? byName(fields, name) : findByName(fields, name);
            int width = DEFAULT_LONG_WIDTH;
            boolean right = false;
            String suffix = "";
            if (colon >= 0) {
                String rest = item.substring(colon + 1);
                int k = 0;
                if (k < rest.length() && rest.charAt(k) == '.') {
                    right = true;
                    k++;
                }
                int widthStart = k;
                while (k < rest.length() && Character.isDigit(rest.charAt(k))) {
                    k++;
                }
                if (k > widthStart) {
                    width = Integer.parseInt(rest.substring(widthStart, k));
                }
                suffix = rest.substring(k);
            }
            if (field == null) {
                invalid.add(name);
                columns.add(literal(suffix));
            } else {
                columns.add(new Column<>(field, width, right, suffix));
            }
        }
        return new OutputFormat<>("", columns);
    }

    /**
     * The {@code -O} spec without the items naming no field, each reported to {@code unknown}: Slurm's sinfo
     * complains about such a field and prints the others.
     */
    public static <T> String knownFieldsOnly(String spec, List<Field<T>> fields, java.util.function.Consumer<String> unknown) {
        List<String> kept = new ArrayList<>();
        for (String item : spec.split(",")) {
            int colon = item.indexOf(':');
            String name = colon < 0 ? item : item.substring(0, colon);
            if (item.isEmpty()) {
                continue;
            }
            try {
                byName(fields, name);
                kept.add(item);
            } catch (FormatException notAField) {
                unknown.accept(name);
            }
        }
        return String.join(",", kept);
    }

    public List<Column<T>> columns() {
        return columns;
    }

    public String header() {
        StringBuilder line = new StringBuilder(prefix);
        for (Column<T> column : columns) {
            column.appendTo(line, column.field().header());
        }
        return line.toString();
    }

    public String line(T record) {
        return appendLine(new StringBuilder(), record).toString();
    }

    /** Appends the record's line, without a newline, to {@code out}. */
    public StringBuilder appendLine(StringBuilder out, T record) {
        out.append(prefix);
        for (Column<T> column : columns) {
            column.appendTo(out, column.field().value().apply(record));
        }
        return out;
    }

    /** A column of fixed text, the same in the header and every line. */
    private static <T> Column<T> literal(String text) {
        return new Column<>(new Field<T>((char) 0, "", "", record -> ""), 0, false, text);
    }

    private static <T> Field<T> byLetter(List<Field<T>> fields, char letter) {
        Field<T> field = findByLetter(fields, letter);
        if (field == null) {
            throw new FormatException("Invalid job format specification: " + letter);
        }
        return field;
    }

    private static <T> Field<T> findByLetter(List<Field<T>> fields, char letter) {
        for (Field<T> field : fields) {
            if (field.letter() == letter) {
                return field;
            }
        }
        return null;
    }

    private static <T> Field<T> byName(List<Field<T>> fields, String name) {
        Field<T> field = findByName(fields, name);
        if (field == null) {
            throw new FormatException("Invalid job format specification: " + name);
        }
        return field;
    }

    private static <T> Field<T> findByName(List<Field<T>> fields, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (Field<T> field : fields) {
            if (field.name().toLowerCase(Locale.ROOT).equals(lower)) {
                return field;
            }
        }
        return null;
    }
}
