package io.jslurm.cli.submit;

import io.jslurm.common.text.Numbers;
import java.util.OptionalInt;

/**
 * {@code -N/--nodes}: a node count or a {@code min-max} range. Counts take Slurm's {@code k} (1024) and {@code m}
 * (1048576) suffixes; a maximum of 0 means none was given.
 */
public record NodeCount(int min, int max) {

    public NodeCount {
        if (min < 0 || max < 0) {
            throw new IllegalArgumentException("node count is negative: " + min + "-" + max);
        }
    }

    public static NodeCount exactly(int nodes) {
        return new NodeCount(nodes, nodes);
    }

    public static NodeCount parse(String text) {
        int dash = text.indexOf('-');
        if (dash < 0) {
            int nodes = count(text);
            return new NodeCount(nodes, nodes);
        }
        int min = count(text.substring(0, dash));
        String maxText = text.substring(dash + 1);
        // An empty maximum reads as Slurm's "unset" (-1), which its range check then reports.
        int max = maxText.isEmpty() ? -1 : count(maxText);
        if (max != 0 && max < min) {
            throw SubmitException.badOption("Maximum node count " + max + " is less than minimum node count " + min);
        }
        return new NodeCount(min, max);
    }

    /** The maximum when one was given. */
    public OptionalInt maximum() {
        return max == 0 ? OptionalInt.empty() : OptionalInt.of(max);
    }

    private static int count(String text) {
        long multiplier = 1;
        String digits = text;
        if (!text.isEmpty()) {
            char last = Character.toLowerCase(text.charAt(text.length() - 1));
            if (last == 'k' || last == 'm') {
                multiplier = last == 'k' ? 1024 : 1024 * 1024;
                digits = text.substring(0, text.length() - 1);
            }
        }
        if (!Numbers.isDigits(digits) || digits.length() > 9) {
            throw SubmitException.badOption("\"" + text + "\" is not a valid node count");
        }
        long nodes = Long.parseLong(digits) * multiplier;
        if (nodes > Integer.MAX_VALUE) {
            throw SubmitException.badOption("\"" + text + "\" is not a valid node count");
        }
        return (int) nodes;
    }
}
