package io.jslurm.common.time;

import io.jslurm.common.text.Numbers;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.MonthDay;
import java.util.Locale;
import java.util.Map;

/** Turns {@link TimeSpec} text into its parts, rejecting anything Slurm would not accept. */
final class TimeSpecParser {

    record Parsed(long offsetSeconds, TimeSpecDay day, LocalTime timeOfDay) {
    }

    private static final Map<String, Long> UNIT_SECONDS = Map.of(
            "second", 1L, "minute", 60L, "hour", 3_600L, "day", 86_400L, "week", 604_800L);

    private static final Map<String, LocalTime> NAMED_TIMES = Map.of(
            "midnight", LocalTime.MIDNIGHT, "noon", LocalTime.NOON, "elevenses", LocalTime.of(11, 0),
            "fika", LocalTime.of(15, 0), "teatime", LocalTime.of(16, 0));

    private TimeSpecParser() {
    }

    static Parsed parse(String text) {
        String spec = text.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
        if (spec.startsWith("now")) {
            return new Parsed(offset(text, spec.substring(3)), null, null);
        }
        if (NAMED_TIMES.containsKey(spec)) {
            return new Parsed(0, null, NAMED_TIMES.get(spec));
        }
        if (spec.contains(":") && !spec.contains("t")) {
            return new Parsed(0, null, timeOfDay(text, spec));
        }
        int t = dayEnd(spec);
        TimeSpecDay day = day(text, spec.substring(0, t));
        if (t == spec.length()) {
            return new Parsed(0, day, null);
        }
        if (spec.charAt(t) != 't') {
            throw TimeSpec.invalid(text);
        }
        return new Parsed(0, day, timeOfDay(text, spec.substring(t + 1)));
    }

    private static int dayEnd(String spec) {
        for (String keyword : new String[] {"tomorrow", "today"}) {
            if (spec.startsWith(keyword)) {
                return keyword.length();
            }
        }
        int i = 0;
        while (i < spec.length() && "0123456789/.-".indexOf(spec.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    private static long offset(String text, String rest) {
        if (rest.isEmpty()) {
            return 0;
        }
        char sign = rest.charAt(0);
        if (sign != '+' && sign != '-') {
            throw TimeSpec.invalid(text);
        }
        int unitStart = 1;
        while (unitStart < rest.length() && Character.isDigit(rest.charAt(unitStart))) {
            unitStart++;
        }
        long count = Numbers.parseNonNegative(rest.substring(1, unitStart), TimeSpec.KIND, text, "a count after now"
                + sign);
        String unit = rest.substring(unitStart);
        String singular = unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
        Long unitSeconds = unit.isEmpty() ? Long.valueOf(1) : UNIT_SECONDS.get(singular);
        if (unitSeconds == null) {
            throw TimeSpec.invalid(text);
        }
        long seconds = Numbers.multiply(count, unitSeconds, TimeSpec.KIND, text);
        return sign == '+' ? seconds : -seconds;
    }

    private static LocalTime timeOfDay(String text, String spec) {
        if (NAMED_TIMES.containsKey(spec)) {
            return NAMED_TIMES.get(spec);
        }
        String clock = spec;
        int halfDay = -1;
        if (spec.endsWith("am") || spec.endsWith("pm")) {
            halfDay = spec.endsWith("pm") ? 12 : 0;
            clock = spec.substring(0, spec.length() - 2);
        }
        String[] fields = clock.split(":", -1);
        if (fields.length < 2 || fields.length > 3) {
            throw TimeSpec.invalid(text);
        }
        int hour = field(text, fields[0]);
        int minute = field(text, fields[1]);
        int second = fields.length == 3 ? field(text, fields[2]) : 0;
        if (halfDay >= 0) {
            if (hour < 1 || hour > 12) {
                throw TimeSpec.invalid(text);
            }
            hour = hour % 12 + halfDay;
        }
        if (hour > 23 || minute > 59 || second > 59) {
            throw TimeSpec.invalid(text);
        }
        return LocalTime.of(hour, minute, second);
    }

    private static TimeSpecDay day(String text, String spec) {
        if (spec.equals("today")) {
            return new TimeSpecDay.Relative(0);
        }
        if (spec.equals("tomorrow")) {
            return new TimeSpecDay.Relative(1);
        }
        try {
            if (spec.indexOf('-') > 0) {
                String[] parts = spec.split("-", -1);
                if (parts.length != 3 || parts[0].length() != 4) {
                    throw TimeSpec.invalid(text);
                }
                return new TimeSpecDay.Fixed(LocalDate.of(field(text, parts[0]), field(text, parts[1]),
                        field(text, parts[2])));
            }
            String[] parts;
            if (spec.indexOf('/') > 0 || spec.indexOf('.') > 0) {
                parts = spec.split(spec.indexOf('/') > 0 ? "/" : "\\.", -1);
            } else if (spec.length() == 4 || spec.length() == 6) {
                parts = spec.length() == 4 ? new String[] {spec.substring(0, 2), spec.substring(2)}
                        : new String[] {spec.substring(0, 2), spec.substring(2, 4), spec.substring(4)};
            } else {
                throw TimeSpec.invalid(text);
            }
            if (parts.length < 2 || parts.length > 3) {
                throw TimeSpec.invalid(text);
            }
            MonthDay monthDay = MonthDay.of(field(text, parts[0]), field(text, parts[1]));
            if (parts.length == 2) {
                return new TimeSpecDay.Yearless(monthDay);
            }
            if (parts[2].length() != 2) {
                throw TimeSpec.invalid(text);
            }
            return new TimeSpecDay.Fixed(monthDay.atYear(2000 + field(text, parts[2])));
        } catch (DateTimeException impossible) {
            throw TimeSpec.invalid(text);
        }
    }

    private static int field(String text, String digits) {
        if (digits.isEmpty() || digits.length() > 4 || !Numbers.isDigits(digits)) {
            throw TimeSpec.invalid(text);
        }
        return Integer.parseInt(digits);
    }
}
