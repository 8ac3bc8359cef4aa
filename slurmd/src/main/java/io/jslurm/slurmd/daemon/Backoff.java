package io.jslurm.slurmd.daemon;

import java.time.Duration;
import java.util.Objects;

/** Waits between attempts to reach the controller: doubling from {@code initial} up to {@code max}. */
public record Backoff(Duration initial, Duration max) {
    public Backoff {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(max, "max");
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("back-off needs 0 < initial <= max: " + initial + ", " + max);
        }
    }

    /** The wait after the given number of failures in a row (1 = the first failure). */
    public Duration after(int failures) {
        if (failures <= 1) {
            return initial;
        }
        int doublings = Math.min(failures - 1, 30);
        Duration wait = initial.multipliedBy(1L << doublings);
        return wait.compareTo(max) > 0 ? max : wait;
    }
}
