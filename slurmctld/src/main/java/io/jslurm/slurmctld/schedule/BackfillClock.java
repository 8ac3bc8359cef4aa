package io.jslurm.slurmctld.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Decides which scheduling passes include backfill. As in Slurm, the main scheduler runs on every event and
 * periodically, while backfill runs only once {@code bf_interval} has passed since its last run: a backfill pass
 * examines up to bf_max_job_test jobs and plans reservations for them, which on a deep queue costs far more than
 * the main scheduler's walk down the head of each partition.
 *
 * <p>Only the loop's thread uses it (passes are serialized), so its one field needs no lock.
 */
final class BackfillClock {

    /** When backfill last ran; null before the first run, so the first pass with a queue backfills. */
    private Instant lastRun;

    /**
     * Whether a pass at {@code now} should include backfill. A clock that went backwards (a changed system time)
     * makes it due rather than leaving backfill silent until the clock catches up again.
     */
    boolean due(Instant now, Duration interval) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(interval, "interval");
        return lastRun == null || now.isBefore(lastRun) || !now.isBefore(lastRun.plus(interval));
    }

    /** Records a pass that included backfill. */
    void ran(Instant at) {
        lastRun = Objects.requireNonNull(at, "at");
    }

    /** How long from {@code now} until backfill is due again; zero when it already is. */
    Duration untilDue(Instant now, Duration interval) {
        if (due(now, interval)) {
            return Duration.ZERO;
        }
        return Duration.between(now, lastRun.plus(interval));
    }
}
