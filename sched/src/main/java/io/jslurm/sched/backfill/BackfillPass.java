package io.jslurm.sched.backfill;

import io.jslurm.sched.PassState;
import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.JobReservation;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.select.FitResult;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * sched/backfill: walks the queue in priority order over a {@link SlotMap}. A job that fits now for its whole time
 * limit, around every reservation already made, starts; a job that does not is given a reservation at its earliest
 * start within bf_window, which every later (lower-priority) job must then leave alone.
 */
public final class BackfillPass {

    private final BackfillParams params;
    private final PassState state;
    private final SlotMap planned;
    /** Running jobs and this pass's starts only, no reservations: to tell "blocked by a reservation" apart. */
    private final SlotMap withoutReservations;
    /**
     * Fits at now in {@link #withoutReservations}, by shape, until its next change. That map holds only running jobs
     * (which free resources as they end) and starts now, so no segment offers less than the one before it: what a
     * job sees over its whole limit is what is free now, whatever the limit, and jobs of one shape get one answer.
     */
    private final Map<Shape, FitResult> fitsNow = new HashMap<>();
    private final Reservations reservations = new Reservations();
    private final TestLimits limits;

    private BackfillPass(BackfillParams params, PassState state) {
        this.params = params;
        this.state = state;
        this.limits = new TestLimits(params);
        this.planned = SlotMap.startingAt(state.now(), params.resolution(), state.snapshot().nodes(), state.free());
        for (RunningJob running : state.snapshot().running()) {
            // A preempted job's resources were already handed over in state.free().
            if (state.preempted(running.jobId())) {
                continue;
            }
            running.expectedEnd().ifPresent(end -> planned.release(running.allocation(), end));
        }
        for (JobStart start : state.starts()) {
            start.expectedEnd().ifPresent(end -> planned.release(start.allocation(), end));
        }
        this.withoutReservations = planned.copy();
        if (params.busyNodes()) {
            planned.preferBusyNodes();
        }
    }

    /** @return how many jobs the pass tested (sdiag's backfill depth) */
    public static int run(List<QueueEntry> queue, PassState state, BackfillParams params) {
        BackfillPass pass = new BackfillPass(params, state);
        int tested = 0;
        for (QueueEntry entry : queue) {
            if (pass.considers(entry) && pass.limits.admit(entry)) {
                pass.test(entry);
                tested++;
            }
        }
        return tested;
    }

    private boolean considers(QueueEntry entry) {
        if (state.started(entry.jobId()) || state.reserved(entry.jobId())) {
            return false;
        }
        Optional<PendingStatus> status = state.status(entry.jobId());
        return status.isEmpty() || (!status.get().neverSatisfiable()
                && (status.get().reason() == PendingReason.PRIORITY
                        || status.get().reason() == PendingReason.RESOURCES));
    }

    private void test(QueueEntry entry) {
        Optional<PendingStatus> limited = state.limitStatus(entry);
        if (limited.isPresent()) {
            state.status(limited.get());
            return;
        }
        Instant now = state.now();
        Instant horizon = now.plus(params.window());
        Optional<SlotMap.Slot> slot = planned.earliestStart(entry, state.fit(), horizon);
        if (slot.isPresent() && slot.get().start().equals(now)) {
            state.start(entry, slot.get().allocation(), true);
            planned.hold(slot.get().allocation(), now, entry.timeLimit());
            withoutReservations.hold(slot.get().allocation(), now, entry.timeLimit());
            fitsNow.clear();
            return;
        }
        PendingStatus status = blockedStatus(entry);
        if (slot.isPresent()) {
            Instant start = slot.get().start();
            planned.hold(slot.get().allocation(), start, entry.timeLimit());
            Instant end = planned.end(start, entry.timeLimit());
            JobReservation reservation = new JobReservation(entry.jobId(), entry.partition().name(), start, end,
                    slot.get().allocation());
            reservations.add(reservation);
            state.reserve(reservation);
            status = status.withExpectedStart(start);
        }
        state.status(status);
    }

    /** The status of a job that cannot start now, naming the reservation in its way if there is one. */
    private PendingStatus blockedStatus(QueueEntry entry) {
        Optional<PendingStatus> known = state.status(entry.jobId());
        FitResult now = fitsNow.computeIfAbsent(Shape.of(entry),
                shape -> withoutReservations.fitAt(entry.job().request(), entry.partition(), entry.timeLimit(),
                        state.fit(), state.now()));
        if (now instanceof FitResult.Fit fit) {
            Optional<Long> blocker = reservations.blocking(fit.allocation(), state.now(), entry.timeLimit());
            if (blocker.isPresent()) {
                PendingStatus status = known.orElse(PendingStatus.of(entry.jobId(), PendingReason.PRIORITY,
                        "would delay the reservation of job " + blocker.get()));
                return status.withBlockedBy(blocker.get());
            }
            return known.orElse(PendingStatus.of(entry.jobId(), PendingReason.PRIORITY,
                    "would delay a higher-priority job"));
        }
        return known.orElseGet(() -> state.statusFor(entry, (FitResult.NoFit) now));
    }
}
