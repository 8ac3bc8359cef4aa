package io.jslurm.common.time;

import io.jslurm.common.text.InvalidValueException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * A point in time as {@code sbatch --begin}, {@code sacct -S/-E} and {@code scontrol update StartTime=} accept it,
 * kept unresolved until a clock and zone are given to {@link #resolve}.
 *
 * <p>Forms (any case, spaces ignored): {@code now}, {@code now+N} or {@code now-N} with an optional unit
 * {@code seconds} (the default), {@code minutes}, {@code hours}, {@code days} or {@code weeks} (singular or plural,
 * not abbreviated); a time of day {@code HH:MM[:SS]} with optional {@code AM}/{@code PM}, or {@code midnight},
 * {@code noon}, {@code elevenses} (11:00), {@code fika} (15:00), {@code teatime} (16:00); a day {@code today},
 * {@code tomorrow}, {@code MMDD[YY]}, {@code MM/DD[/YY]}, {@code MM.DD[.YY]} or {@code YYYY-MM-DD}; and a day
 * followed by {@code T} and a time of day. A time of day alone that has already passed means tomorrow; a day
 * without a year that has already passed means next year. Unlike Slurm, impossible dates such as
 * {@code 2026-02-30} are rejected rather than rolled over.
 */
public final class TimeSpec {

    static final String KIND = "time specification";
    static final String ALLOWED = "expected now[{+|-}count[seconds|minutes|hours|days|weeks]], HH:MM[:SS][AM|PM], "
            + "midnight, noon, elevenses, fika, teatime, today, tomorrow, MMDD[YY], MM/DD[/YY], MM.DD[.YY] "
            + "or YYYY-MM-DD[THH:MM[:SS]]";

    private final String text;
    private final long offsetSeconds;
    private final TimeSpecDay day;
    private final LocalTime timeOfDay;

    private TimeSpec(String text, long offsetSeconds, TimeSpecDay day, LocalTime timeOfDay) {
        this.text = text;
        this.offsetSeconds = offsetSeconds;
        this.day = day;
        this.timeOfDay = timeOfDay;
    }

    public static TimeSpec parse(String text) {
        Objects.requireNonNull(text, "time specification is null");
        TimeSpecParser.Parsed parsed = TimeSpecParser.parse(text);
        return new TimeSpec(text.strip(), parsed.offsetSeconds(), parsed.day(), parsed.timeOfDay());
    }

    /** Whether this is {@code now} with or without an offset. */
    public boolean isRelative() {
        return day == null && timeOfDay == null;
    }

    public Instant resolve(InstantSource clock, ZoneId zone) {
        Instant now = clock.instant();
        if (isRelative()) {
            return now.plusSeconds(offsetSeconds);
        }
        LocalDateTime current = LocalDateTime.ofInstant(now, zone);
        LocalTime time = Optional.ofNullable(timeOfDay).orElse(LocalTime.MIDNIGHT);
        LocalDate date;
        if (day == null) {
            date = time.isBefore(current.toLocalTime()) ? current.toLocalDate().plusDays(1) : current.toLocalDate();
        } else {
            date = day.resolve(current.toLocalDate());
        }
        return date.atTime(time).atZone(zone).toInstant();
    }

    /** The specification as given. */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimeSpec that && text.equals(that.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    static InvalidValueException invalid(String text) {
        return new InvalidValueException(KIND, text, ALLOWED);
    }
}
