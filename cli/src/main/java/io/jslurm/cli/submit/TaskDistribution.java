package io.jslurm.cli.submit;

import io.jslurm.common.text.Numbers;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * {@code -m/--distribution}: how tasks are laid out over nodes, then sockets, then cores, e.g.
 * {@code block:cyclic}, {@code plane=4}, {@code cyclic:*:fcyclic,Pack}. Kept as given once checked; the launcher
 * interprets it.
 */
public record TaskDistribution(String text) {

    private static final Set<String> NODE_LEVEL = Set.of("*", "block", "cyclic", "arbitrary");
    private static final Set<String> INNER_LEVEL = Set.of("*", "block", "cyclic", "fcyclic");

    public TaskDistribution {
        Objects.requireNonNull(text, "text is null");
    }

    public static TaskDistribution parse(String text) {
        String layout = text;
        int comma = text.indexOf(',');
        if (comma >= 0) {
            String packing = text.substring(comma + 1).toLowerCase(Locale.ROOT);
            if (!packing.equals("pack") && !packing.equals("nopack")) {
                throw SubmitException.invalidSpecification("distribution");
            }
            layout = text.substring(0, comma);
        }
        String[] levels = layout.toLowerCase(Locale.ROOT).split(":", -1);
        boolean valid = levels.length <= 3 && (NODE_LEVEL.contains(levels[0]) || isPlane(levels[0]));
        for (int i = 1; valid && i < levels.length; i++) {
            valid = INNER_LEVEL.contains(levels[i]);
        }
        if (!valid || (comma == 0)) {
            throw SubmitException.invalidSpecification("distribution");
        }
        return new TaskDistribution(text);
    }

    private static boolean isPlane(String level) {
        return level.startsWith("plane=") && Numbers.isDigits(level.substring(6));
    }
}
