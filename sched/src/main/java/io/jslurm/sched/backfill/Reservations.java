package io.jslurm.sched.backfill;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.plan.JobReservation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The reservations of one backfill pass, in the order they were made (highest priority first). */
final class Reservations {

    private final List<JobReservation> held = new ArrayList<>();

    void add(JobReservation reservation) {
        held.add(reservation);
    }

    /** The first reservation that overlaps a would-be start now on one of the same cores or GPUs. */
    Optional<Long> blocking(Allocation wanted, Instant now, Optional<Duration> timeLimit) {
        Instant end = timeLimit.map(now::plus).orElse(Instant.MAX);
        for (JobReservation reservation : held) {
            if (reservation.expectedStart().isBefore(end) && reservation.expectedEnd().isAfter(now)
                    && overlaps(reservation.allocation(), wanted)) {
                return Optional.of(reservation.jobId());
            }
        }
        return Optional.empty();
    }

    private static boolean overlaps(Allocation a, Allocation b) {
        for (NodeAllocation part : a.nodes()) {
            Optional<NodeAllocation> other = b.on(part.node());
            if (other.isPresent() && (part.cores().intersects(other.get().cores())
                    || part.gpus().stream().anyMatch(other.get().gpus()::contains))) {
                return true;
            }
        }
        return false;
    }
}
