package io.jslurm.slurmctld.accounting;

import java.util.Objects;

/**
 * One record in the queue: its sequence number (the order it was produced in) and its payload, a
 * serialised {@code DbdRecordBatch} holding that one record. Payloads concatenate into one batch.
 */
record QueuedRecord(long sequence, byte[] payload) {

    QueuedRecord {
        Objects.requireNonNull(payload, "payload");
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence numbers start at 1: " + sequence);
        }
    }
}
