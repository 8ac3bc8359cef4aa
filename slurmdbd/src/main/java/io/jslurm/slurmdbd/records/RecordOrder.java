package io.jslurm.slurmdbd.records;

import java.time.Instant;
import java.util.Objects;

/**
 * Which of two records of one job (or step) is newer. The one produced later by the controller
 * wins; at the same millisecond, the one further along (queued, then started, then finished) wins;
 * equal orders are the same state, so storing the second changes nothing. An older record never
 * replaces a newer one, so a start message arriving after the completion cannot undo it.
 */
public record RecordOrder(Instant recordTime, JobState state) implements Comparable<RecordOrder> {

    public RecordOrder {
        Objects.requireNonNull(recordTime, "recordTime");
        Objects.requireNonNull(state, "state");
    }

    /** One number with the same order, which the database compares: milliseconds, then progress. */
    public long value() {
        return recordTime.toEpochMilli() * 4 + state.progress().ordinal();
    }

    @Override
    public int compareTo(RecordOrder other) {
        return Long.compare(value(), other.value());
    }
}
