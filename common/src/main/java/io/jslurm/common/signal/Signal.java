package io.jslurm.common.signal;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A Linux signal as {@code scancel -s}, {@code scontrol} and {@code --signal} name it: one of the names Slurm
 * knows, with or without {@code SIG} and in any case, or a number from 1 to 64. Signals with a name print by
 * name without {@code SIG} ({@code USR1}); others print as their number.
 */
public record Signal(int number) {

    public static final int MAX_NUMBER = 64;

    private static final Map<String, Integer> BY_NAME = Map.ofEntries(
            Map.entry("HUP", 1), Map.entry("INT", 2), Map.entry("QUIT", 3), Map.entry("ABRT", 6),
            Map.entry("KILL", 9), Map.entry("USR1", 10), Map.entry("USR2", 12), Map.entry("ALRM", 14),
            Map.entry("TERM", 15), Map.entry("CONT", 18), Map.entry("STOP", 19), Map.entry("TSTP", 20),
            Map.entry("TTIN", 21), Map.entry("TTOU", 22), Map.entry("URG", 23), Map.entry("XCPU", 24));

    private static final Map<Integer, String> BY_NUMBER = new TreeMap<>();

    static {
        BY_NAME.forEach((name, number) -> BY_NUMBER.put(number, name));
    }

    public static final Signal HUP = new Signal(1);
    public static final Signal INT = new Signal(2);
    public static final Signal KILL = new Signal(9);
    public static final Signal USR1 = new Signal(10);
    public static final Signal USR2 = new Signal(12);
    public static final Signal TERM = new Signal(15);
    public static final Signal CONT = new Signal(18);
    public static final Signal STOP = new Signal(19);

    public Signal {
        if (number < 1 || number > MAX_NUMBER) {
            throw new IllegalArgumentException("signal number outside 1-" + MAX_NUMBER + ": " + number);
        }
    }

    public static Signal parse(String text) {
        Objects.requireNonNull(text, "signal is null");
        String name = text.strip().toUpperCase(Locale.ROOT);
        if (Numbers.isDigits(name)) {
            long number = Numbers.parseNonNegative(name, "signal", text, "a signal number");
            if (number < 1 || number > MAX_NUMBER) {
                throw new InvalidValueException("signal", text, "signal numbers run from 1 to " + MAX_NUMBER);
            }
            return new Signal((int) number);
        }
        if (name.startsWith("SIG")) {
            name = name.substring(3);
        }
        Integer number = BY_NAME.get(name);
        if (number == null) {
            throw new InvalidValueException("signal", text, "expected a number or one of "
                    + String.join(" ", BY_NUMBER.values()));
        }
        return new Signal(number);
    }

    /** The name without {@code SIG}, or the number for signals without a name. */
    @Override
    public String toString() {
        return BY_NUMBER.getOrDefault(number, Integer.toString(number));
    }
}
