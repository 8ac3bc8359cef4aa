package io.jslurm.sched.backfill;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The reservations of one backfill pass, in the order they were made (highest priority first). */
final class Reservations {

    private record Held(long jobId, Allocation allocation, Instant start, Instant end) {
    }

    private final List<Held> held = new ArrayList<>();

    void add(QueueEntry entry, SlotMap.Slot slot, Instant end) {
        held.add(new Held(entry.jobId(), slot.allocation(), slot.start(), end));
    }

    /** The first reservation that overlaps a would-be start now on one of the same cores or GPUs. */
    Optional<Long> blocking(Allocation wanted, Instant now, Optional<Duration> timeLimit) {
        Instant end = timeLimit.map(now::plus).orElse(Instant.MAX);
        for (Held reservation : held) {
            if (reservation.start().isBefore(end) && reservation.end().isAfter(now)
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
