package io.jslurm.common.text;

import java.util.Locale;

/**
 * Counts with Slurm's binary multiplier suffixes, as GRES counts use them: {@code 4K} is 4096, {@code 2M} is
 * 2097152, {@code 1G} is 1073741824 (any case). Printing picks the largest suffix that divides exactly.
 */
public final class CountSuffix {

    private static final String SUFFIXES = "KMG";

    private CountSuffix() {
    }

    /** Whether {@code text} looks like a count: digits with at most one suffix letter. */
    public static boolean isCount(String text) {
        if (text.isEmpty()) {
            return false;
        }
        char last = Character.toUpperCase(text.charAt(text.length() - 1));
        String digits = SUFFIXES.indexOf(last) >= 0 ? text.substring(0, text.length() - 1) : text;
        return Numbers.isDigits(digits);
    }

    public static long parse(String text, String kind, String input) {
        if (!isCount(text)) {
            throw new InvalidValueException(kind, input, "expected a count such as 2, 4K or 1G, got '" + text + "'");
        }
        char last = text.charAt(text.length() - 1);
        int power = SUFFIXES.indexOf(Character.toUpperCase(last)) + 1;
        String digits = power > 0 ? text.substring(0, text.length() - 1) : text;
        long value = Numbers.parseNonNegative(digits, kind, input, "a count");
        return Numbers.multiply(value, 1L << (10 * power), kind, input);
    }

    public static String format(long count) {
        int power = 0;
        long value = count;
        while (value != 0 && value % 1024 == 0 && power < SUFFIXES.length()) {
            value /= 1024;
            power++;
        }
        return power == 0 ? Long.toString(count) : value + SUFFIXES.substring(power - 1, power).toUpperCase(Locale.ROOT);
    }
}
