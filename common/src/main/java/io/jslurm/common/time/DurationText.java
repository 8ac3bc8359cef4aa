package io.jslurm.common.time;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;

/**
 * Slurm's duration syntax, shared by time limits and elapsed times. Without a day part one number is minutes,
 * two are minutes and seconds, three are hours, minutes and seconds; with a day part ({@code D-...}) one number is
 * hours, two are hours and minutes, three add seconds. Fields may exceed their usual range ({@code 90:00} is
 * ninety minutes), as Slurm allows.
 */
final class DurationText {

    static final String FORMS = "expected MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS";

    private DurationText() {
    }

    /**
     * Exact seconds written in {@code text}; {@code kind} names the value and {@code allowed} lists the accepted
     * forms in error messages.
     */
    static long parseSeconds(String text, String kind, String allowed) {
        if (text.isEmpty() || text.startsWith("-")) {
            throw new InvalidValueException(kind, text, allowed);
        }
        int dash = text.indexOf('-');
        String days = dash < 0 ? null : text.substring(0, dash);
        String clock = dash < 0 ? text : text.substring(dash + 1);
        if (clock.isEmpty() && days != null) {
            clock = "0";
        }
        String[] fields = clock.split(":", -1);
        if (fields.length > 3) {
            throw new InvalidValueException(kind, text, allowed);
        }
        long[] numbers = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            if (!Numbers.isDigits(fields[i])) {
                throw new InvalidValueException(kind, text, allowed);
            }
            numbers[i] = Numbers.parseNonNegative(fields[i], kind, text, "a number");
        }
        long hours;
        long minutes;
        long seconds;
        long dayCount = 0;
        if (days != null) {
            if (!Numbers.isDigits(days)) {
                throw new InvalidValueException(kind, text, allowed);
            }
            dayCount = Numbers.parseNonNegative(days, kind, text, "a number of days");
            hours = numbers[0];
            minutes = numbers.length > 1 ? numbers[1] : 0;
            seconds = numbers.length > 2 ? numbers[2] : 0;
        } else if (numbers.length == 3) {
            hours = numbers[0];
            minutes = numbers[1];
            seconds = numbers[2];
        } else {
            hours = 0;
            minutes = numbers[0];
            seconds = numbers.length > 1 ? numbers[1] : 0;
        }
        long total = Numbers.multiply(dayCount, 86_400, kind, text);
        total = Numbers.add(total, Numbers.multiply(hours, 3_600, kind, text), kind, text);
        total = Numbers.add(total, Numbers.multiply(minutes, 60, kind, text), kind, text);
        return Numbers.add(total, seconds, kind, text);
    }

    /** {@code squeue}'s form: {@code M:SS}, {@code H:MM:SS}, {@code D-HH:MM:SS}. */
    static String compact(long totalSeconds) {
        long days = totalSeconds / 86_400;
        long hours = totalSeconds / 3_600 % 24;
        long minutes = totalSeconds / 60 % 60;
        long seconds = totalSeconds % 60;
        if (days > 0) {
            return days + "-" + two(hours) + ":" + two(minutes) + ":" + two(seconds);
        }
        if (hours > 0) {
            return hours + ":" + two(minutes) + ":" + two(seconds);
        }
        return minutes + ":" + two(seconds);
    }

    /** {@code scontrol}'s and {@code sacct}'s form: {@code HH:MM:SS}, {@code D-HH:MM:SS}. */
    static String padded(long totalSeconds) {
        long days = totalSeconds / 86_400;
        String clock = two(totalSeconds / 3_600 % 24) + ":" + two(totalSeconds / 60 % 60) + ":" + two(totalSeconds % 60);
        return days > 0 ? days + "-" + clock : clock;
    }

    private static String two(long value) {
        return value < 10 ? "0" + value : Long.toString(value);
    }
}
