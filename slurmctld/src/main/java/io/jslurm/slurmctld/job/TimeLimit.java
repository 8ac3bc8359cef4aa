package io.jslurm.slurmctld.job;

import java.time.Duration;

/**
 * A job's time limit (or {@code --time-min}) in seconds; {@link #UNSET} leaves it to the partition's default,
 * {@link #INFINITE} is Slurm's {@code UNLIMITED}.
 */
public record TimeLimit(long seconds) {

    public static final TimeLimit UNSET = new TimeLimit(-2);
    public static final TimeLimit INFINITE = new TimeLimit(-1);

    public TimeLimit {
        if (seconds < -2) {
            throw new IllegalArgumentException("time limit is negative: " + seconds);
        }
    }

    public static TimeLimit ofSeconds(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("time limit is negative: " + seconds);
        }
        return new TimeLimit(seconds);
    }

    public static TimeLimit of(Duration duration) {
        return ofSeconds(duration.toSeconds());
    }

    /** Reuses the shared sentinels so that decoded records compare and weigh like fresh ones. */
    public static TimeLimit ofRaw(long seconds) {
        if (seconds == -2) {
            return UNSET;
        }
        return seconds == -1 ? INFINITE : new TimeLimit(seconds);
    }

    public boolean isSet() {
        return seconds != -2;
    }

    public boolean isInfinite() {
        return seconds == -1;
    }
}
