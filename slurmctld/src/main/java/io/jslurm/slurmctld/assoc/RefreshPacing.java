package io.jslurm.slurmctld.assoc;

import java.time.Duration;
import java.time.Instant;

/**
 * How often the controller asks slurmdbd for the associations: every {@code interval} once it holds a copy (a
 * fallback to slurmdbd's pushes), but every {@code firstCopyRetry} while it holds none at all, so that the window
 * in which nothing can be enforced closes as soon as slurmdbd starts answering.
 */
public record RefreshPacing(Duration interval, Duration firstCopyRetry) {

    public RefreshPacing {
        if (interval.isNegative() || interval.isZero() || firstCopyRetry.isNegative() || firstCopyRetry.isZero()
                || firstCopyRetry.compareTo(interval) > 0) {
            throw new IllegalArgumentException("refresh pacing needs 0 < firstCopyRetry <= interval, not "
                    + firstCopyRetry + " and " + interval);
        }
    }

    /** When the attempt after one made at {@code lastAttempt} is due. */
    public Instant next(Instant lastAttempt, boolean holdsCopy) {
        return lastAttempt.plus(holdsCopy ? interval : firstCopyRetry);
    }

    /** How often the background timer looks whether an attempt is due. */
    public Duration tick() {
        return firstCopyRetry;
    }
}
