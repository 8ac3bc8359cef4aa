package io.jslurm.common.time;

import io.jslurm.common.text.InvalidValueException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * A job or partition time limit: a number of seconds, or unlimited.
 *
 * <p>{@link #parse} reads {@code --time}, {@code MaxTime=}, {@code DefaultTime=} and {@code TimeLimit=} values:
 * the duration forms of {@link Elapsed}, or {@code UNLIMITED}/{@code INFINITE} (any case) or {@code -1}.
 * Slurm keeps limits in whole minutes, so seconds round up to the next minute ({@code 1:30} is two minutes).
 * A job's limit of zero means no limit; {@link #parseForJob} applies that rule.
 */
public final class TimeLimit implements Comparable<TimeLimit> {

    public static final TimeLimit UNLIMITED = new TimeLimit(-1);
    public static final TimeLimit ZERO = new TimeLimit(0);

    /** Slurm holds limits as 32-bit minute counts whose top values mean unlimited or unset. */
    public static final long MAX_MINUTES = 0xFFFF_FFFDL;

    private static final String KIND = "time limit";
    private static final String ALLOWED = DurationText.FORMS + ", UNLIMITED or INFINITE";

    /** Seconds, or -1 for unlimited. */
    private final long seconds;

    private TimeLimit(long seconds) {
        this.seconds = seconds;
    }

    public static TimeLimit parse(String text) {
        Objects.requireNonNull(text, "time limit is null");
        String trimmed = text.strip();
        String upper = trimmed.toUpperCase(Locale.ROOT);
        if (upper.equals("UNLIMITED") || upper.equals("INFINITE") || upper.equals("-1")) {
            return UNLIMITED;
        }
        long minutes = ceilMinutes(DurationText.parseSeconds(trimmed, KIND, ALLOWED));
        if (minutes > MAX_MINUTES) {
            throw new InvalidValueException(KIND, text, "longer than the largest limit, " + MAX_MINUTES + " minutes");
        }
        return ofMinutes(minutes);
    }

    /** As {@link #parse}, with Slurm's rule for {@code sbatch/srun --time} that zero asks for no limit. */
    public static TimeLimit parseForJob(String text) {
        TimeLimit limit = parse(text);
        return limit.equals(ZERO) ? UNLIMITED : limit;
    }

    public static TimeLimit ofMinutes(long minutes) {
        if (minutes < 0) {
            throw new IllegalArgumentException("time limit is negative: " + minutes + " minutes");
        }
        return new TimeLimit(Math.multiplyExact(minutes, 60L));
    }

    /** Exactly {@code seconds}, not rounded: for limits Slurm already holds (a step's or a reservation's). */
    public static TimeLimit ofSeconds(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("time limit is negative: " + seconds + " seconds");
        }
        return new TimeLimit(seconds);
    }

    public static TimeLimit of(Duration duration) {
        return ofSeconds(duration.getSeconds());
    }

    static long ceilMinutes(long seconds) {
        return seconds / 60 + (seconds % 60 == 0 ? 0 : 1);
    }

    public boolean isUnlimited() {
        return seconds < 0;
    }

    /** The limit in seconds; fails for {@link #UNLIMITED}. */
    public long seconds() {
        requireLimited();
        return seconds;
    }

    /** Whole minutes, rounding a partial minute up as Slurm does; fails for {@link #UNLIMITED}. */
    public long minutes() {
        requireLimited();
        return ceilMinutes(seconds);
    }

    public Duration toDuration() {
        return Duration.ofSeconds(seconds());
    }

    /** Whether a job that has run {@code elapsed} has reached this limit. */
    public boolean isReachedBy(Duration elapsed) {
        return !isUnlimited() && elapsed.getSeconds() >= seconds;
    }

    public TimeLimit min(TimeLimit other) {
        return compareTo(other) <= 0 ? this : other;
    }

    /** Unlimited sorts after every finite limit. */
    @Override
    public int compareTo(TimeLimit other) {
        if (isUnlimited() || other.isUnlimited()) {
            return Boolean.compare(isUnlimited(), other.isUnlimited());
        }
        return Long.compare(seconds, other.seconds);
    }

    private void requireLimited() {
        if (isUnlimited()) {
            throw new IllegalStateException("time limit is UNLIMITED");
        }
    }

    /** As {@code squeue} TIME_LIMIT shows it: {@code 30:00}, {@code 2:00:00}, {@code 1-00:00:00}, {@code UNLIMITED}. */
    @Override
    public String toString() {
        return isUnlimited() ? "UNLIMITED" : DurationText.compact(seconds);
    }

    /** As {@code scontrol show job} TimeLimit= and {@code sacct} Timelimit show it: {@code 00:30:00}, {@code UNLIMITED}. */
    public String toPaddedString() {
        return isUnlimited() ? "UNLIMITED" : DurationText.padded(seconds);
    }

    /** As {@code sinfo} TIMELIMIT shows it: {@code 30:00}, {@code 1-00:00:00}, {@code infinite}. */
    public String toSinfoString() {
        return isUnlimited() ? "infinite" : DurationText.compact(seconds);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimeLimit that && seconds == that.seconds;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seconds);
    }
}
