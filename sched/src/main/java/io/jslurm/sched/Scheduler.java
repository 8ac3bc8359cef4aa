package io.jslurm.sched;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.backfill.BackfillPass;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.preempt.PreemptInput;
import io.jslurm.sched.preempt.PreemptRelation;
import io.jslurm.sched.preempt.VictimSearch;
import io.jslurm.sched.select.ResourceFit;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One scheduling pass as a pure function: the cluster, the queue and the time in, a plan out. The main pass starts
 * jobs in strict priority order; backfill then starts lower-priority jobs that delay no reservation. The same
 * inputs always give the same plan.
 */
public final class Scheduler {

    private Scheduler() {
    }

    public static Plan schedule(ClusterSnapshot snapshot, List<PendingJob> jobs, Instant now,
            SchedulerParams params) {
        return schedule(snapshot, jobs, now, params, PreemptInput.NONE, PassListener.NONE);
    }

    /** A pass that may also preempt running jobs, as {@code preempt} allows. */
    public static Plan schedule(ClusterSnapshot snapshot, List<PendingJob> jobs, Instant now,
            SchedulerParams params, PreemptInput preempt) {
        return schedule(snapshot, jobs, now, params, preempt, PassListener.NONE);
    }

    /** The same pass, telling {@code listener} where each phase ends (the caller times them: sdiag). */
    public static Plan schedule(ClusterSnapshot snapshot, List<PendingJob> jobs, Instant now,
            SchedulerParams params, PassListener listener) {
        return schedule(snapshot, jobs, now, params, PreemptInput.NONE, listener);
    }

    /** A pass that may preempt, as {@code preempt} allows, and reports its phases to {@code listener}. */
    public static Plan schedule(ClusterSnapshot snapshot, List<PendingJob> jobs, Instant now,
            SchedulerParams params, PreemptInput preempt, PassListener listener) {
        requireNonNull(preempt, "preempt is null");
        requireNonNull(listener, "listener is null");
        requireNonNull(snapshot, "snapshot is null");
        requireNonNull(jobs, "jobs is null");
        requireNonNull(now, "now is null");
        requireNonNull(params, "params is null");
        Map<Long, PendingStatus> statuses = new HashMap<>();
        ReservationGate.Gated gated = ReservationGate.apply(JobQueue.build(snapshot, jobs, now, statuses),
                snapshot.advanceReservations(), now, statuses);
        List<QueueEntry> queue = gated.queue();
        ResourceFit fit = new ResourceFit(params.select());
        PassState state = new PassState(snapshot, now, fit, statuses);
        Optional<VictimSearch> preemption = preempt.params().enabled()
                ? Optional.of(new VictimSearch(new PreemptRelation(preempt, snapshot), fit)) : Optional.empty();
        listener.mainPassDone(MainPass.run(queue, state, params.defaultQueueDepth(), preemption), queue.size());
        if (params.backfill().enabled()) {
            listener.backfillDone(BackfillPass.run(queue, state, params.backfill()), queue.size());
        }
        ReservationGate.explain(gated, state);
        for (QueueEntry entry : queue) {
            if (!state.started(entry.jobId())) {
                state.statusIfAbsent(PendingStatus.of(entry.jobId(), PendingReason.PRIORITY,
                        "not reached in this pass"));
            }
        }
        return state.toPlan();
    }
}
