package io.jslurm.conf.parse;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Splits the text of one Slurm-style configuration file into logical lines of {@code Key=value} pairs.
 *
 * <p>{@code #} starts a comment anywhere outside double quotes ({@code \#} is a literal {@code #}); a
 * {@code \} at the end of a line joins it with the next one; double quotes let a value hold blanks.
 * {@code Include} lines are kept as a pair named {@code Include} whose value is the rest of the line.
 */
public final class ConfLexer {

    public static final String INCLUDE = "Include";

    private ConfLexer() {
    }

    public static List<ConfLine> lex(String file, String text, Diagnostics diagnostics) {
        List<ConfLine> lines = new ArrayList<>();
        String[] physical = text.split("\r?\n", -1);
        StringBuilder logical = new StringBuilder();
        int logicalStart = 0;
        for (int i = 0; i < physical.length; i++) {
            String content = stripComment(physical[i]).stripTrailing();
            if (logical.isEmpty()) {
                logicalStart = i + 1;
            }
            boolean continues = content.endsWith("\\");
            logical.append(continues ? content.substring(0, content.length() - 1) : content);
            if (continues) {
                if (i == physical.length - 1 || i == physical.length - 2 && physical[i + 1].isEmpty()) {
                    diagnostics.error(new Location(file, i + 1), "line continuation '\\' at end of file");
                    logical.setLength(0);
                    break;
                }
                continue;
            }
            Location location = new Location(file, logicalStart);
            tokenize(logical.toString(), location, diagnostics).ifPresent(lines::add);
            logical.setLength(0);
        }
        return lines;
    }

    private static String stripComment(String line) {
        StringBuilder out = new StringBuilder(line.length());
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '#') {
                out.append('#');
                i++;
            } else if (c == '#' && !quoted) {
                break;
            } else {
                if (c == '"') {
                    quoted = !quoted;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    private static Optional<ConfLine> tokenize(String text, Location location, Diagnostics diagnostics) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return Optional.empty();
        }
        String[] head = trimmed.split("\\s+", 2);
        if (head[0].equalsIgnoreCase(INCLUDE)) {
            String target = head.length > 1 ? unquote(head[1].strip()) : "";
            return Optional.of(new ConfLine(location, List.of(new ConfPair(INCLUDE, target, location))));
        }
        List<ConfPair> pairs = new ArrayList<>();
        int i = 0;
        while (i < trimmed.length()) {
            if (Character.isWhitespace(trimmed.charAt(i))) {
                i++;
                continue;
            }
            int keyStart = i;
            while (i < trimmed.length() && trimmed.charAt(i) != '=' && !Character.isWhitespace(trimmed.charAt(i))) {
                i++;
            }
            String key = trimmed.substring(keyStart, i);
            if (i >= trimmed.length() || trimmed.charAt(i) != '=') {
                diagnostics.error(location, "expected Key=value but found '" + key + "'");
                continue;
            }
            i++;
            StringBuilder value = new StringBuilder();
            boolean quoted = false;
            while (i < trimmed.length() && (quoted || !Character.isWhitespace(trimmed.charAt(i)))) {
                char c = trimmed.charAt(i++);
                if (c == '"') {
                    quoted = !quoted;
                } else {
                    value.append(c);
                }
            }
            if (quoted) {
                diagnostics.error(location, "value of '" + key + "' has an unterminated quote");
            }
            if (key.isEmpty()) {
                diagnostics.error(location, "'=' without a key before it");
            } else {
                pairs.add(new ConfPair(key, value.toString(), location));
            }
        }
        return pairs.isEmpty() ? Optional.empty() : Optional.of(new ConfLine(location, pairs));
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
