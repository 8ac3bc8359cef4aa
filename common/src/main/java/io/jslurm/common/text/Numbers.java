package io.jslurm.common.text;

/**
 * Strict decimal parsing shared by the value parsers: ASCII digits only (no sign, no spaces, no underscores),
 * with overflow reported instead of wrapped.
 */
public final class Numbers {

    private Numbers() {
    }

    public static boolean isDigits(CharSequence text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses {@code digits} as a non-negative long, or throws an {@link InvalidValueException} about {@code input}
     * (the whole value the digits came from) saying {@code what} was expected.
     */
    public static long parseNonNegative(String digits, String kind, String input, String what) {
        if (!isDigits(digits)) {
            throw new InvalidValueException(kind, input, "expected " + what + ", got '" + digits + "'");
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = digits.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw new InvalidValueException(kind, input, "'" + digits + "' is too large");
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** As {@link #parseNonNegative}, limited to an int. */
    public static int parseNonNegativeInt(String digits, String kind, String input, String what) {
        long value = parseNonNegative(digits, kind, input, what);
        if (value > Integer.MAX_VALUE) {
            throw new InvalidValueException(kind, input, "'" + digits + "' is too large");
        }
        return (int) value;
    }

    /** {@code a * b}, or an {@link InvalidValueException} when that does not fit in a long. */
    public static long multiply(long a, long b, String kind, String input) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            throw new InvalidValueException(kind, input, "value is too large");
        }
    }

    /** {@code a + b}, or an {@link InvalidValueException} when that does not fit in a long. */
    public static long add(long a, long b, String kind, String input) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException overflow) {
            throw new InvalidValueException(kind, input, "value is too large");
        }
    }
}
