package io.jslurm.sched.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The result of one scheduling pass: jobs to start (in the order they were decided), reservations for blocked
 * jobs, a status for every job that stays pending, keyed by job id, and the running jobs to preempt (the
 * controller applies preemptions before starts: a suspended victim's cores go to a start of the same plan).
 */
public record Plan(List<JobStart> starts, List<JobReservation> reservations, Map<Long, PendingStatus> pending,
        List<Preemption> preemptions) {

    public Plan {
        preemptions = List.copyOf(requireNonNull(preemptions, "preemptions is null"));
        starts = List.copyOf(requireNonNull(starts, "starts is null"));
        reservations = List.copyOf(requireNonNull(reservations, "reservations is null"));
        pending = java.util.Collections.unmodifiableMap(new TreeMap<>(requireNonNull(pending, "pending is null")));
    }

    public Plan(List<JobStart> starts, List<JobReservation> reservations, Map<Long, PendingStatus> pending) {
        this(starts, reservations, pending, List.of());
    }

    public Optional<JobStart> start(long jobId) {
        return starts.stream().filter(start -> start.jobId() == jobId).findFirst();
    }

    public Optional<JobReservation> reservation(long jobId) {
        return reservations.stream().filter(r -> r.jobId() == jobId).findFirst();
    }

    public Optional<PendingStatus> pending(long jobId) {
        return Optional.ofNullable(pending.get(jobId));
    }
}
