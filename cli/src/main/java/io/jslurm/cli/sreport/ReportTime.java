package io.jslurm.cli.sreport;

import java.util.Locale;

/** sreport's {@code -t}: the unit usage is shown in, and whether as a share of the total. */
enum ReportTime {
    SECONDS("Seconds", 1, false, false),
    MINUTES("Minutes", 60, false, false),
    HOURS("Hours", 3_600, false, false),
    PERCENT("Percentage of Total", 1, true, false),
    SECPER("Seconds/Percentage of Total", 1, false, true),
    MINPER("Minutes/Percentage of Total", 60, false, true),
    HOURPER("Hours/Percentage of Total", 3_600, false, true);

    private final String label;
    private final long divisor;
    private final boolean percentOnly;
    private final boolean withPercent;

    ReportTime(String label, long divisor, boolean percentOnly, boolean withPercent) {
        this.label = label;
        this.divisor = divisor;
        this.percentOnly = percentOnly;
        this.withPercent = withPercent;
    }

    /** Case-insensitive and abbreviated: {@code s}, {@code min}, {@code hours}, {@code p}, {@code minper}... */
    static ReportTime parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        ReportTime found = null;
        if (t.matches("s(ec(ond)?s?)?per")) {
            found = SECPER;
        } else if (t.matches("m(in(ute)?s?)?per")) {
            found = MINPER;
        } else if (t.matches("h(our)?s?per")) {
            found = HOURPER;
        } else if (!t.isEmpty() && "seconds".startsWith(t) || t.equals("second") || t.equals("secs")) {
            found = SECONDS;
        } else if (!t.isEmpty() && "minutes".startsWith(t) || t.equals("mins")) {
            found = MINUTES;
        } else if (!t.isEmpty() && "hours".startsWith(t)) {
            found = HOURS;
        } else if (!t.isEmpty() && "percent".startsWith(t)) {
            found = PERCENT;
        }
        if (found == null) {
            throw new IllegalArgumentException("unknown time format '" + text
                    + "' (Second, Minute, Hour, Percent, SecPer, MinPer, HourPer)");
        }
        return found;
    }

    /** The line under the report's title. */
    String usageLine() {
        return percentOnly ? "Usage reported in " + label : "Usage reported in CPU " + label;
    }

    /** Widest value the fixed layout leaves room for. */
    int width() {
        return withPercent ? 20 : 9;
    }

    /** {@code seconds} of {@code total} as this format shows it. */
    String format(long seconds, long total) {
        double share = total == 0 ? 0 : 100.0 * seconds / total;
        if (percentOnly) {
            return String.format(Locale.ROOT, "%.2f%%", share);
        }
        String amount = String.format(Locale.ROOT, "%.0f", (double) seconds / divisor);
        return withPercent ? amount + String.format(Locale.ROOT, "(%.2f%%)", share) : amount;
    }
}
