package io.jslurm.conf.dbd;

import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How old accounting records get before slurmdbd purges them: {@code 12months}, {@code 30days}, {@code 720hours}. */
public record PurgePeriod(long amount, ChronoUnit unit) {

    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(hours?|days?|months?)?", Pattern.CASE_INSENSITIVE);

    public PurgePeriod {
        Objects.requireNonNull(unit, "unit");
        if (amount < 1) {
            throw new IllegalArgumentException("a purge period must be at least 1");
        }
        if (unit != ChronoUnit.HOURS && unit != ChronoUnit.DAYS && unit != ChronoUnit.MONTHS) {
            throw new IllegalArgumentException("a purge period is in hours, days or months");
        }
    }

    /** A number, in months unless followed by {@code hours}, {@code days} or {@code months}. */
    public static PurgePeriod parse(String text) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches() || Long.parseLong(m.group(1)) < 1) {
            throw new IllegalArgumentException("expected a number of hours, days or months, such as 12months or 30days");
        }
        String unit = m.group(2) == null ? "months" : m.group(2).toLowerCase(Locale.ROOT);
        ChronoUnit chrono = unit.startsWith("hour") ? ChronoUnit.HOURS
                : unit.startsWith("day") ? ChronoUnit.DAYS : ChronoUnit.MONTHS;
        return new PurgePeriod(Long.parseLong(m.group(1)), chrono);
    }

    @Override
    public String toString() {
        return amount + unit.name().toLowerCase(Locale.ROOT);
    }
}
