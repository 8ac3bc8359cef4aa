package io.jslurm.sched.fairshare;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * PriorityUsageResetPeriod: when accumulated usage is cleared, at 00:00 starting each period (weeks start on
 * Sunday).
 */
public enum UsageReset {
    NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY;

    /** Reads the slurm.conf value (case-insensitive). */
    public static UsageReset parse(String value) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("PriorityUsageResetPeriod: unknown value '" + value
                    + "' (expected NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY)");
        }
    }

    /**
     * Whether a period started after {@code lastReset} and by {@code now}, in the cluster's time zone. NOW is
     * due once: the first time usage is kept after the setting appears (lastReset still at the epoch).
     */
    public boolean due(Instant lastReset, Instant now, ZoneId zone) {
        if (this == NONE) {
            return false;
        }
        if (this == NOW) {
            return lastReset.equals(Instant.EPOCH);
        }
        return periodStart(now, zone).isAfter(lastReset);
    }

    private Instant periodStart(Instant now, ZoneId zone) {
        LocalDate today = LocalDate.ofInstant(now, zone);
        LocalDate start = switch (this) {
            case DAILY -> today;
            case WEEKLY -> today.with(TemporalAdjusters.previousOrSame(java.time.DayOfWeek.SUNDAY));
            case MONTHLY -> today.withDayOfMonth(1);
            case QUARTERLY -> today.with(IsoFields.DAY_OF_QUARTER, 1);
            case YEARLY -> today.withDayOfYear(1);
            default -> throw new IllegalStateException(name());
        };
        return start.atStartOfDay(zone).toInstant();
    }
}
