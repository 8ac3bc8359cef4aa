package io.jslurm.sched;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.limits.LimitCheck;
import io.jslurm.sched.limits.LimitUsage;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.plan.JobReservation;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.plan.Preemption;
import io.jslurm.sched.preempt.VictimSearch;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one pass has decided so far: the free resources left, the starts, reservations and statuses. Owned by a
 * single pass; the main pass and backfill both write to it.
 */
public final class PassState {

    private final ClusterSnapshot snapshot;
    private final Instant now;
    private final ResourceFit fit;
    private final FreeResources free;
    private final List<JobStart> starts = new ArrayList<>();
    private final Set<Long> started = new HashSet<>();
    private final List<JobReservation> reservations = new ArrayList<>();
    private final Set<Long> reserved = new HashSet<>();
    private final Map<Long, PendingStatus> statuses;
    /** By request and partition, not by job: the answer depends on nothing else, and queues repeat requests. */
    private final Map<RequestIn, Boolean> neverFits = new HashMap<>();
    private final SubmitCheck submitCheck;
    private final List<Preemption> preemptions = new ArrayList<>();
    /** Running jobs chosen as victims (or waited for) in this pass: never chosen twice. */
    private final Set<Long> preempted = new HashSet<>();
    private final LimitUsage limitUsage;

    PassState(ClusterSnapshot snapshot, Instant now, ResourceFit fit, Map<Long, PendingStatus> statuses) {
        this.snapshot = requireNonNull(snapshot, "snapshot is null");
        this.now = requireNonNull(now, "now is null");
        this.fit = requireNonNull(fit, "fit is null");
        this.free = FreeResources.of(snapshot);
        this.statuses = requireNonNull(statuses, "statuses is null");
        this.submitCheck = new SubmitCheck(fit, snapshot);
        this.limitUsage = LimitUsage.of(snapshot.limits().running());
    }

    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    public Instant now() {
        return now;
    }

    public ResourceFit fit() {
        return fit;
    }

    /** The resources still free now, after this pass's starts. */
    public FreeResources free() {
        return free;
    }

    public List<JobStart> starts() {
        return starts;
    }

    public boolean started(long jobId) {
        return started.contains(jobId);
    }

    public void start(QueueEntry entry, Allocation allocation, boolean backfilled) {
        free.allocate(allocation, fit.shares(entry.job().request(), entry.partition()));
        entry.job().limits().ifPresent(limitUsage::add);
        started.add(entry.jobId());
        statuses.remove(entry.jobId());
        starts.add(new JobStart(entry.jobId(), entry.partition().name(), allocation,
                entry.timeLimit().map(now::plus), backfilled));
    }

    /** Whether a running job was chosen in this pass to make room for another. */
    public boolean preempted(long jobId) {
        return preempted.contains(jobId);
    }

    /**
     * Records a preemption: the victims' resources go to the preemptor, which starts now when every victim is
     * suspended, and otherwise keeps them set aside until the victims have ended.
     */
    public void preempt(QueueEntry entry, VictimSearch.Found found) {
        found.victims().forEach(victim -> preempted.add(victim.jobId()));
        preempted.addAll(found.waitingFor());
        found.freed().forEach(free::release);
        if (!found.victims().isEmpty()) {
            preemptions.add(new Preemption(entry.jobId(), entry.partition().name(), found.victims(),
                    found.startsNow()));
        }
        if (found.startsNow()) {
            start(entry, found.allocation(), false);
            return;
        }
        free.allocate(found.allocation(), fit.shares(entry.job().request(), entry.partition()));
        List<Long> awaited = new ArrayList<>(found.waitingFor());
        found.victims().forEach(victim -> awaited.add(victim.jobId()));
        status(PendingStatus.of(entry.jobId(), PendingReason.RESOURCES, "waiting for preempted jobs " + awaited
                + " to end"));
    }

    public void reserve(JobReservation reservation) {
        reservations.add(reservation);
        reserved.add(reservation.jobId());
    }

    public boolean reserved(long jobId) {
        return reserved.contains(jobId);
    }

    public Optional<PendingStatus> status(long jobId) {
        return Optional.ofNullable(statuses.get(jobId));
    }

    public void status(PendingStatus status) {
        statuses.put(status.jobId(), status);
    }

    public void statusIfAbsent(PendingStatus status) {
        statuses.putIfAbsent(status.jobId(), status);
    }

    /**
     * The QOS or association limit that keeps the job from starting now, counting what runs and what this pass
     * has started; empty when none does.
     */
    public Optional<PendingStatus> limitStatus(QueueEntry entry) {
        return entry.job().limits()
                .flatMap(job -> LimitCheck.runnable(job, snapshot.limits().policy(), limitUsage,
                        snapshot.limits().used()))
                .map(v -> PendingStatus.of(entry.jobId(), v.reason(), v.detail()));
    }

    /** The status for a fit that failed now. */
    public PendingStatus statusFor(QueueEntry entry, FitResult.NoFit noFit) {
        long id = entry.jobId();
        PendingStatus status = switch (noFit.failure()) {
            case RESOURCES -> PendingStatus.of(id, PendingReason.RESOURCES, noFit.detail());
            case REQUIRED_NODE_UNAVAILABLE -> PendingStatus.of(id, PendingReason.REQ_NODE_NOT_AVAIL, noFit.detail());
            case REQUIRED_NODE_NOT_IN_PARTITION -> PendingStatus.of(id, PendingReason.BAD_CONSTRAINTS,
                    noFit.detail()).asNeverSatisfiable();
        };
        status = status.withMetric(noFit.metric());
        return noFit.failure() == FitResult.Failure.RESOURCES && neverFits(entry)
                ? status.asNeverSatisfiable() : status;
    }

    /** Whether no node of the partition could hold the request even with nothing running and every node up. */
    public boolean neverFits(QueueEntry entry) {
        return neverFits.computeIfAbsent(new RequestIn(entry.job().request(), entry.partition().name()),
                k -> submitCheck.neverFits(entry.job().request(), entry.partition()));
    }

    private record RequestIn(ResourceRequest request, String partition) {
    }

    Plan toPlan() {
        return new Plan(starts, reservations, statuses, preemptions);
    }
}
