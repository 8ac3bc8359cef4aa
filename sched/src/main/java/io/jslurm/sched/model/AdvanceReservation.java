package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * An advance reservation (scontrol create reservation) as one pass sees it: during [start, end) its nodes belong
 * to the jobs submitted with {@code --reservation=name}, and jobs without it may not hold them. Who may use it was
 * checked when each job was submitted, so only the window and the nodes matter here.
 *
 * @param maintenance Flags=MAINT: jobs kept off its nodes wait with "ReqNodeNotAvail, Reserved for maintenance"
 */
public record AdvanceReservation(String name, Set<String> nodes, Instant start, Instant end, boolean maintenance) {

    public AdvanceReservation {
        requireNonNull(name, "name is null");
        nodes = Set.copyOf(requireNonNull(nodes, "nodes is null"));
        requireNonNull(start, "start is null");
        requireNonNull(end, "end is null");
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("reservation " + name + " ends at or before its start");
        }
    }

    /** Whether its window holds {@code at}. */
    public boolean activeAt(Instant at) {
        return !at.isBefore(start) && at.isBefore(end);
    }

    /** Whether its window meets [from, to); an empty {@code to} is a job without a time limit, which never ends. */
    public boolean overlaps(Instant from, Optional<Instant> to) {
        return end.isAfter(from) && to.map(t -> t.isAfter(start)).orElse(true);
    }
}
