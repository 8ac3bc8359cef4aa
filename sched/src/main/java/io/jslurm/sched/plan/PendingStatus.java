package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.select.RejectionMetric;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Why one job did not start in this pass.
 *
 * @param detail            a sentence for people (scontrol show job, sprio-like tools)
 * @param metric            per-node rejections from the last fit tried; empty when no fit was tried
 * @param expectedStart     backfill's estimate (squeue --start); empty when none lies within bf_window
 * @param blockedBy         the job whose reservation keeps this one from starting now, when that is the cause
 * @param neverSatisfiable  no node of the partition could ever hold the request; the controller rejects such
 *                          requests at submit
 */
public record PendingStatus(long jobId, PendingReason reason, String detail, RejectionMetric metric,
        Optional<Instant> expectedStart, OptionalLong blockedBy, boolean neverSatisfiable) {

    public PendingStatus {
        requireNonNull(reason, "reason is null");
        requireNonNull(detail, "detail is null");
        requireNonNull(metric, "metric is null");
        requireNonNull(expectedStart, "expectedStart is null");
        requireNonNull(blockedBy, "blockedBy is null");
    }

    public static PendingStatus of(long jobId, PendingReason reason, String detail) {
        return new PendingStatus(jobId, reason, detail, RejectionMetric.none(), Optional.empty(),
                OptionalLong.empty(), false);
    }

    public PendingStatus withMetric(RejectionMetric newMetric) {
        return new PendingStatus(jobId, reason, detail, newMetric, expectedStart, blockedBy, neverSatisfiable);
    }

    public PendingStatus withExpectedStart(Instant start) {
        return new PendingStatus(jobId, reason, detail, metric, Optional.of(start), blockedBy, neverSatisfiable);
    }

    public PendingStatus withBlockedBy(long jobIdOfReservation) {
        return new PendingStatus(jobId, reason, detail, metric, expectedStart, OptionalLong.of(jobIdOfReservation),
                neverSatisfiable);
    }

    /**
     * What {@code scontrol show job} says beyond the reason name: the detail, and the job whose reservation is in
     * the way when the detail does not name it already (a job waiting for resources may also be kept from the
     * free ones by a reservation).
     */
    public String explanation() {
        if (blockedBy.isEmpty()) {
            return detail;
        }
        String blocker = "the reservation of job " + blockedBy.getAsLong();
        if (detail.endsWith(blocker) || detail.contains(blocker + ";")) {
            return detail;
        }
        return detail.isEmpty() ? "would delay " + blocker : detail + "; would delay " + blocker;
    }

    public PendingStatus asNeverSatisfiable() {
        return new PendingStatus(jobId, PendingReason.BAD_CONSTRAINTS, detail, metric, expectedStart, blockedBy,
                true);
    }
}
