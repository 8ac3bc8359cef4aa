package io.jslurm.sched.fairshare;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * PriorityDecayHalfLife: past usage counts half as much after each half-life. A zero half-life disables decay
 * (Slurm then relies on PriorityUsageResetPeriod alone).
 */
public record UsageDecay(Duration halfLife) {

    public UsageDecay {
        requireNonNull(halfLife, "halfLife is null");
        if (halfLife.isNegative()) {
            throw new IllegalArgumentException("PriorityDecayHalfLife must not be negative: " + halfLife);
        }
    }

    /** What usage recorded {@code elapsed} ago is worth now, as a factor in (0, 1]. */
    public double factor(Duration elapsed) {
        if (halfLife.isZero() || elapsed.isNegative() || elapsed.isZero()) {
            return 1.0;
        }
        return Math.pow(0.5, elapsed.toNanos() / (double) halfLife.toNanos());
    }

    /**
     * Usage after {@code elapsed} more time: the old amount decayed, plus what was charged during the interval
     * (charged evenly, so it decays by half the interval on average).
     */
    public double advance(double usage, double charged, Duration elapsed) {
        return usage * factor(elapsed) + charged * factor(elapsed.dividedBy(2));
    }
}
