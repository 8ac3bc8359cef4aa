package io.jslurm.slurmd.launch;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A job's suspensions as slurmd's timers need them, kept in the job's spool so that a restarted slurmd still pushes
 * the time limit out by the time spent suspended, and knows a job frozen when it stopped as suspended.
 *
 * @param before time spent suspended in the suspensions that ended (the time limit moves out by this much, as
 *               Slurm does not count it)
 * @param since  when the current suspension began; empty while the job runs
 */
record SuspendTimes(Duration before, Optional<Instant> since) {
    static final SuspendTimes NEVER = new SuspendTimes(Duration.ZERO, Optional.empty());
    private static final String BEFORE = "suspended_ms=";
    private static final String SINCE = "since_ms=";

    SuspendTimes {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(since, "since");
        if (before.isNegative()) {
            throw new IllegalArgumentException("time suspended must not be negative: " + before);
        }
    }

    boolean suspended() {
        return since.isPresent();
    }

    /** Suspended from {@code now}; a job already suspended keeps the start of its suspension. */
    SuspendTimes suspendedAt(Instant now) {
        return suspended() ? this : new SuspendTimes(before, Optional.of(now));
    }

    /** Resumed at {@code now}: the current suspension counts in {@link #before} (never less than nothing). */
    SuspendTimes resumedAt(Instant now) {
        if (since.isEmpty()) {
            return this;
        }
        Duration current = Duration.between(since.get(), now);
        return new SuspendTimes(before.plus(current.isNegative() ? Duration.ZERO : current), Optional.empty());
    }

    /** Where the time limit falls for a job that runs now, given where it fell without suspensions. */
    Instant pushedOut(Instant end) {
        return end.plus(before);
    }

    /** Two lines: {@code suspended_ms=N}, then {@code since_ms=EPOCH_MS} while suspended. */
    String write() {
        return BEFORE + before.toMillis() + "\n" + since.map(at -> SINCE + at.toEpochMilli() + "\n").orElse("");
    }

    /**
     * What {@link #write} wrote.
     *
     * @throws IllegalArgumentException naming the line that is not one of those
     */
    static SuspendTimes parse(String text) {
        Duration before = Duration.ZERO;
        Optional<Instant> since = Optional.empty();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            try {
                if (line.startsWith(BEFORE)) {
                    before = Duration.ofMillis(Long.parseLong(line.substring(BEFORE.length())));
                } else if (line.startsWith(SINCE)) {
                    since = Optional.of(Instant.ofEpochMilli(Long.parseLong(line.substring(SINCE.length()))));
                } else if (!line.isEmpty()) {
                    throw new IllegalArgumentException("unknown entry");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " '" + line + "': "
                        + (e instanceof NumberFormatException ? "not a number of milliseconds" : e.getMessage()), e);
            }
        }
        return new SuspendTimes(before, since);
    }
}
