package io.jslurm.cli.scontrol;

import java.util.ArrayList;
import java.util.List;

/**
 * scontrol's record layout: {@code Key=Value} pairs on lines, continuation lines indented by three spaces,
 * or everything on one line with {@code -o}.
 */
final class Layout {

    private final List<String> lines = new ArrayList<>();
    private StringBuilder line;

    /** Starts a new line. */
    Layout line() {
        if (line != null) {
            lines.add(line.toString());
        }
        line = new StringBuilder();
        return this;
    }

    /** Adds {@code key=value} to the current line, after a space unless it starts the line. */
    Layout pair(String key, Object value) {
        if (line.length() > 0) {
            line.append(' ');
        }
        line.append(key).append('=').append(value);
        return this;
    }

    /** Adds text as it is. */
    Layout text(String text) {
        line.append(text);
        return this;
    }

    String render(boolean oneLiner) {
        line();
        line = null;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (oneLiner) {
                if (i > 0) {
                    out.append(' ');
                }
                out.append(lines.get(i));
            } else {
                if (i > 0) {
                    out.append("   ");
                }
                out.append(lines.get(i)).append('\n');
            }
        }
        if (oneLiner) {
            out.append('\n');
        }
        return out.toString();
    }
}
