package io.jslurm.sched;

import io.jslurm.sched.model.AdvanceReservation;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Advance reservations turned into what the fit already understands, at the edge of the pass: a job in a
 * reservation may use only its nodes, and only while it is active (before that it waits with reason Reservation);
 * a job outside may not use the nodes of any reservation its run [now, now + time limit) would meet, so the main
 * pass and backfill both leave them alone without knowing about reservations.
 */
final class ReservationGate {

    /**
     * The queue with the reservations applied.
     *
     * @param restricted  jobs that lost nodes to a reservation they are not in (their statuses are fixed afterwards)
     * @param maintenance those of them kept off a MAINT reservation's nodes
     */
    record Gated(List<QueueEntry> queue, Set<Long> restricted, Set<Long> maintenance) {
    }

    private ReservationGate() {
    }

    static Gated apply(List<QueueEntry> queue, List<AdvanceReservation> reservations, Instant now,
            Map<Long, PendingStatus> statuses) {
        if (reservations.isEmpty() && queue.stream().allMatch(e -> e.job().reservation().isEmpty())) {
            return new Gated(queue, Set.of(), Set.of());
        }
        Map<String, AdvanceReservation> byName = new HashMap<>();
        reservations.forEach(r -> byName.put(r.name(), r));
        List<QueueEntry> gated = new ArrayList<>(queue.size());
        Set<Long> restricted = new HashSet<>();
        Set<Long> maintenance = new HashSet<>();
        // Deep queues share a few partitions and time limits: which reservations touch a partition, and the union
        // of the nodes of each combination met, are worked out once, not once per job.
        Map<String, List<AdvanceReservation>> touching = new HashMap<>();
        Map<List<AdvanceReservation>, Set<String>> unions = new HashMap<>();
        for (QueueEntry entry : queue) {
            PendingJob job = entry.job();
            if (job.reservation().isPresent()) {
                Optional<PendingStatus> outside = outsideWindow(job, byName.get(job.reservation().get()), now);
                if (outside.isPresent()) {
                    statuses.put(job.jobId(), outside.get());
                    continue;
                }
                Set<String> others = new HashSet<>(entry.partition().nodes());
                others.removeAll(byName.get(job.reservation().get()).nodes());
                gated.add(excluding(entry, Set.copyOf(others)));
                continue;
            }
            Optional<Instant> end = entry.timeLimit().map(now::plus);
            List<AdvanceReservation> met = new ArrayList<>();
            for (AdvanceReservation r : touching.computeIfAbsent(entry.partition().name(),
                    name -> reservations.stream().filter(r -> entry.partition().nodes().stream()
                            .anyMatch(r.nodes()::contains)).toList())) {
                if (r.overlaps(now, end)) {
                    met.add(r);
                    if (r.maintenance()) {
                        maintenance.add(job.jobId());
                    }
                }
            }
            if (met.isEmpty()) {
                gated.add(entry);
            } else {
                restricted.add(job.jobId());
                gated.add(excluding(entry, unions.computeIfAbsent(met, m -> {
                    Set<String> union = new HashSet<>();
                    m.forEach(r -> union.addAll(r.nodes()));
                    return Set.copyOf(union);
                })));
            }
        }
        gated.removeIf(e -> statuses.containsKey(e.jobId()));
        return new Gated(gated, restricted, maintenance);
    }

    /** Why a job in a reservation cannot run now; empty while the reservation is active. */
    private static Optional<PendingStatus> outsideWindow(PendingJob job, AdvanceReservation r, Instant now) {
        String name = job.reservation().get();
        if (r == null) {
            return Optional.of(PendingStatus.of(job.jobId(), PendingReason.RESERVATION, "reservation " + name
                    + " does not exist"));
        }
        if (now.isBefore(r.start())) {
            return Optional.of(PendingStatus.of(job.jobId(), PendingReason.RESERVATION, "reservation " + name
                    + " starts at " + r.start()).withExpectedStart(r.start()));
        }
        if (!now.isBefore(r.end())) {
            return Optional.of(PendingStatus.of(job.jobId(), PendingReason.RESERVATION, "reservation " + name
                    + " ended at " + r.end()));
        }
        return Optional.empty();
    }

    private static QueueEntry excluding(QueueEntry entry, Set<String> nodes) {
        if (nodes.isEmpty()) {
            return entry;
        }
        PendingJob j = entry.job();
        ResourceRequest r = j.request();
        Set<String> excluded = nodes;
        if (!r.excludedNodes().isEmpty()) {
            excluded = new HashSet<>(r.excludedNodes());
            excluded.addAll(nodes);
        }
        ResourceRequest narrowed = new ResourceRequest(r.minNodes(), r.maxNodes(), r.ntasks(), r.ntasksPerNode(),
                r.cpusPerTask(), r.memory(), r.gpus(), r.cpusPerGpu(), r.exclusive(), r.requiredNodes(), excluded,
                r.constraint(), r.contiguous(), r.oversubscribe());
        PendingJob job = new PendingJob(j.jobId(), j.userId(), j.partitions(), j.priority(), j.submitTime(),
                j.timeLimit(), narrowed, j.eligibility(), j.limits(), j.reservation());
        return new QueueEntry(job, entry.partition(), entry.timeLimit());
    }

    /**
     * A job kept off reserved nodes that did not start waits for the reservation, not as a request that can never
     * fit: the nodes come back when the reservation ends.
     */
    static void explain(Gated gated, PassState state) {
        for (long id : gated.restricted()) {
            if (state.started(id)) {
                continue;
            }
            Optional<PendingStatus> status = state.status(id);
            if (status.isEmpty()) {
                continue;
            }
            PendingStatus s = status.get();
            boolean blocked = s.neverSatisfiable() || s.reason() == PendingReason.RESOURCES
                    || s.reason() == PendingReason.REQ_NODE_NOT_AVAIL;
            if (!blocked) {
                continue;
            }
            boolean maint = gated.maintenance().contains(id);
            PendingReason reason = maint ? PendingReason.RESERVED_FOR_MAINTENANCE : PendingReason.RESOURCES;
            String detail = maint ? "nodes are reserved for maintenance" : "nodes are reserved";
            state.status(new PendingStatus(id, reason, detail + (s.detail().isEmpty() ? "" : "; " + s.detail()),
                    s.metric(), s.expectedStart(), s.blockedBy(), false));
        }
    }
}
