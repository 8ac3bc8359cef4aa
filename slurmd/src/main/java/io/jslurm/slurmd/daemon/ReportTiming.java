package io.jslurm.slurmd.daemon;

import io.jslurm.conf.slurm.Timers;
import java.time.Duration;
import java.util.Objects;

/**
 * How often slurmd talks to the controller unasked.
 *
 * @param heartbeat      between two heartbeats
 * @param retry          between attempts while the controller cannot be reached
 * @param requestTimeout the longest wait for one answer (MessageTimeout)
 */
public record ReportTiming(Duration heartbeat, Backoff retry, Duration requestTimeout) {
    private static final Duration MIN_HEARTBEAT = Duration.ofSeconds(1);
    private static final Duration MAX_HEARTBEAT = Duration.ofSeconds(30);

    public ReportTiming {
        Objects.requireNonNull(heartbeat, "heartbeat");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
    }

    /**
     * A heartbeat three times within SlurmdTimeout (between 1 and 30 s), so one lost heartbeat
     * does not make the node look dead; retries from 1 s doubling up to the heartbeat interval.
     */
    public static ReportTiming of(Timers timers) {
        Duration third = timers.slurmdTimeout().dividedBy(3);
        Duration heartbeat = third.compareTo(MIN_HEARTBEAT) < 0 ? MIN_HEARTBEAT
                : third.compareTo(MAX_HEARTBEAT) > 0 ? MAX_HEARTBEAT : third;
        Duration firstRetry = Duration.ofSeconds(1).compareTo(heartbeat) < 0 ? Duration.ofSeconds(1) : heartbeat;
        Duration timeout = timers.messageTimeout().isZero() ? Duration.ofSeconds(10) : timers.messageTimeout();
        return new ReportTiming(heartbeat, new Backoff(firstRetry, heartbeat), timeout);
    }
}
