package io.jslurm.cli.scontrol;

import java.util.Locale;

/** scontrol's keyword matching: case-insensitive, and any prefix of at least a minimum length. */
final class Keywords {

    private Keywords() {
    }

    static boolean matches(String word, String keyword, int minimumLength) {
        String lower = word.toLowerCase(Locale.ROOT);
        return lower.length() >= minimumLength && keyword.startsWith(lower);
    }
}
