package io.jslurm.common.time;

import java.time.Duration;
import java.util.Objects;

/**
 * A run time in whole seconds, as {@code squeue %M} (TIME), {@code scontrol} RunTime= and {@code sacct} Elapsed
 * show it. Parsing accepts Slurm's duration forms ({@code MM}, {@code MM:SS}, {@code HH:MM:SS}, {@code D-HH},
 * {@code D-HH:MM}, {@code D-HH:MM:SS}) and keeps the seconds exactly.
 */
public record Elapsed(long seconds) implements Comparable<Elapsed> {

    public static final Elapsed ZERO = new Elapsed(0);

    private static final String KIND = "elapsed time";

    public Elapsed {
        if (seconds < 0) {
            throw new IllegalArgumentException("elapsed time is negative: " + seconds + " seconds");
        }
    }

    public static Elapsed parse(String text) {
        Objects.requireNonNull(text, "elapsed time is null");
        return new Elapsed(DurationText.parseSeconds(text.strip(), KIND, DurationText.FORMS));
    }

    public static Elapsed of(Duration duration) {
        return new Elapsed(duration.getSeconds());
    }

    public Duration toDuration() {
        return Duration.ofSeconds(seconds);
    }

    @Override
    public int compareTo(Elapsed other) {
        return Long.compare(seconds, other.seconds);
    }

    /** {@code squeue}'s form: {@code 0:05}, {@code 1:02:03}, {@code 1-02:03:04}. */
    @Override
    public String toString() {
        return DurationText.compact(seconds);
    }

    /** {@code sacct} Elapsed and {@code scontrol} RunTime= form: {@code 00:00:05}, {@code 1-02:03:04}. */
    public String toPaddedString() {
        return DurationText.padded(seconds);
    }
}
