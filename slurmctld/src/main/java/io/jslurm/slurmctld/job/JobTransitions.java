package io.jslurm.slurmctld.job;

import static io.jslurm.slurmctld.job.JobState.BOOT_FAIL;
import static io.jslurm.slurmctld.job.JobState.CANCELLED;
import static io.jslurm.slurmctld.job.JobState.COMPLETED;
import static io.jslurm.slurmctld.job.JobState.COMPLETING;
import static io.jslurm.slurmctld.job.JobState.CONFIGURING;
import static io.jslurm.slurmctld.job.JobState.DEADLINE;
import static io.jslurm.slurmctld.job.JobState.FAILED;
import static io.jslurm.slurmctld.job.JobState.NODE_FAIL;
import static io.jslurm.slurmctld.job.JobState.OUT_OF_MEMORY;
import static io.jslurm.slurmctld.job.JobState.PENDING;
import static io.jslurm.slurmctld.job.JobState.PREEMPTED;
import static io.jslurm.slurmctld.job.JobState.REQUEUED;
import static io.jslurm.slurmctld.job.JobState.RUNNING;
import static io.jslurm.slurmctld.job.JobState.SUSPENDED;
import static io.jslurm.slurmctld.job.JobState.TIMEOUT;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The job state machine: the only place that decides which state may follow which, and what a change does to
 * the job's times, reason, hold, allocation and exit code.
 *
 * <p>A job ending normally may pass through {@code COMPLETING} (while epilogs run) or end at once. Any
 * finished job may be requeued, as {@code scontrol requeue} allows for batch jobs; a requeued job goes back
 * to {@code PENDING} once its nodes are released.
 */
public final class JobTransitions {

    private static final Set<JobState> ENDINGS = EnumSet.of(
            COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, PREEMPTED, OUT_OF_MEMORY, DEADLINE, BOOT_FAIL);

    private static final Map<JobState, Set<JobState>> ALLOWED = allowed();

    private JobTransitions() {
    }

    private static Map<JobState, Set<JobState>> allowed() {
        Map<JobState, Set<JobState>> next = new EnumMap<>(JobState.class);
        next.put(PENDING, EnumSet.of(CONFIGURING, RUNNING, CANCELLED, FAILED, DEADLINE));
        next.put(CONFIGURING, EnumSet.of(RUNNING, COMPLETING, CANCELLED, FAILED, BOOT_FAIL, NODE_FAIL, PREEMPTED,
                DEADLINE, REQUEUED));
        next.put(RUNNING, with(EnumSet.of(COMPLETING, SUSPENDED, REQUEUED), ENDINGS, BOOT_FAIL));
        next.put(SUSPENDED, EnumSet.of(RUNNING, COMPLETING, CANCELLED, FAILED, NODE_FAIL, PREEMPTED, REQUEUED));
        next.put(COMPLETING, with(EnumSet.of(REQUEUED), ENDINGS, null));
        next.put(REQUEUED, EnumSet.of(PENDING, CANCELLED));
        for (JobState ending : ENDINGS) {
            next.put(ending, EnumSet.of(REQUEUED));
        }
        for (JobState state : JobState.values()) {
            next.put(state, Collections.unmodifiableSet(next.get(state)));
        }
        return Collections.unmodifiableMap(next);
    }

    private static Set<JobState> with(Set<JobState> base, Set<JobState> more, JobState except) {
        base.addAll(more);
        if (except != null) {
            base.remove(except);
        }
        return base;
    }

    public static boolean isLegal(JobState from, JobState to) {
        return ALLOWED.get(from).contains(to);
    }

    public static Set<JobState> successors(JobState from) {
        return ALLOWED.get(from);
    }

    /** The status of a job just accepted at {@code now} (epoch seconds). */
    public static JobStatus submitted(JobSpec spec, long now) {
        Hold hold = spec.hold() ? Hold.USER : Hold.NONE;
        PendingReason reason = hold != Hold.NONE ? hold.reason() : waitingReason(spec, now);
        long eligible = hold == Hold.NONE ? eligibleTime(spec, now) : 0;
        return new JobStatus(PENDING, reason, hold, 0, now, eligible, 0, 0, ExitCode.SUCCESS, ExitCode.SUCCESS, 0,
                Allocation.NONE);
    }

    private static PendingReason waitingReason(JobSpec spec, long now) {
        if (!spec.dependency().isEmpty()) {
            return PendingReason.DEPENDENCY;
        }
        return spec.beginTime() > now ? PendingReason.BEGIN_TIME : PendingReason.NONE;
    }

    /** A job without dependencies is eligible from its begin time on; one with them once the scheduler says so. */
    private static long eligibleTime(JobSpec spec, long now) {
        return spec.dependency().isEmpty() ? Math.max(now, spec.beginTime()) : 0;
    }

    /** Applies a state change at {@code now} (epoch seconds), or throws if the current state does not allow it. */
    public static JobStatus apply(Job job, StateChange change, long now) {
        JobStatus s = job.status();
        JobState from = s.state();
        JobState to = change.target();
        if (!isLegal(from, to)) {
            throw new IllegalTransitionException(job.displayId(), from, to, "");
        }
        if (from == PENDING && s.hold() != Hold.NONE && to != CANCELLED) {
            throw new IllegalTransitionException(job.displayId(), from, to, "job is held");
        }
        boolean starting = from == PENDING && (to == RUNNING || to == CONFIGURING);
        if (starting && change.allocation().isEmpty()) {
            throw new IllegalTransitionException(job.displayId(), from, to, "no nodes allocated");
        }
        Allocation allocation = starting ? change.allocation() : s.allocation();
        long startTime = starting ? now : s.startTime();
        long endTime = s.endTime();
        ExitCode exitCode = s.exitCode();
        ExitCode derived = s.derivedExitCode();
        PendingReason reason = s.reason();
        int restarts = s.restartCount();
        long eligible = s.eligibleTime();
        long submitTime = s.submitTime();
        if (to.isFinished()) {
            endTime = now;
            exitCode = change.exitCode();
            derived = change.derivedExitCode();
            reason = change.reason();
        } else if (to == PENDING) {
            // Back from a requeue: the next run starts from a clean slate, only the restart count remembers.
            restarts++;
            // As in Slurm, the next run is a new submission: accounting keys runs by submit time, so it must
            // differ from the ended run's even when the requeue comes within the second of the submission.
            submitTime = Math.max(now, s.submitTime() + 1);
            allocation = Allocation.NONE;
            startTime = 0;
            endTime = 0;
            exitCode = ExitCode.SUCCESS;
            derived = ExitCode.SUCCESS;
            reason = change.reason();
            eligible = switch (change.reason()) {
                case NONE -> now;
                // Requeued: eligible again once the begin time set for the requeue has come.
                case BEGIN_TIME -> Math.max(now, job.spec().beginTime());
                default -> 0;
            };
        } else if (to == RUNNING || to == CONFIGURING) {
            reason = PendingReason.NONE;
        } else if (to == REQUEUED && from.holdsResources()) {
            // The run ends here; its accounting record keeps this end time.
            endTime = now;
        }
        long suspendTime = s.suspendTime();
        long secsPreSuspend = s.secsPreSuspend();
        if (to == SUSPENDED && from != SUSPENDED) {
            // What the run had run so far: since its start, or since its last resume on top of what came before.
            secsPreSuspend = Math.max(0, suspendTime == 0 ? now - startTime : secsPreSuspend + now - suspendTime);
            suspendTime = now;
        } else if (from == SUSPENDED && (to == RUNNING || to == CONFIGURING)) {
            suspendTime = now;
        } else if (to == PENDING) {
            suspendTime = 0;
            secsPreSuspend = 0;
        }
        return new JobStatus(to, reason, Hold.NONE, s.priority(), submitTime, eligible, startTime, endTime,
                exitCode, derived, restarts, allocation, to == SUSPENDED ? change.suspendCause() : SuspendCause.NONE,
                suspendTime, secsPreSuspend);
    }

    /** Holds a pending job; an admin hold replaces a user hold but not the other way round. */
    public static JobStatus hold(Job job, Hold hold) {
        JobStatus s = job.status();
        if (hold == Hold.NONE) {
            throw new IllegalArgumentException("use release to lift a hold");
        }
        if (s.state() != PENDING) {
            throw new IllegalTransitionException(job.displayId(), s.state(), s.state(), "only pending jobs can be held");
        }
        Hold effective = s.hold() == Hold.ADMIN ? Hold.ADMIN : hold;
        return s.with(PENDING, effective.reason(), effective, s.priority());
    }

    /** Pins a job's priority ({@code scontrol update priority=N}); 0 returns it to the computed priority. */
    public static JobStatus prioritized(Job job, long priority) {
        JobStatus s = job.status();
        if (s.state().isFinished()) {
            throw new IllegalTransitionException(job.displayId(), s.state(), s.state(), "a finished job has no priority");
        }
        return s.with(s.state(), s.reason(), s.hold(), priority);
    }

    /** Lifts any hold from a pending job. */
    public static JobStatus release(Job job, long now) {
        JobStatus s = job.status();
        if (s.state() != PENDING || s.hold() == Hold.NONE) {
            throw new IllegalTransitionException(job.displayId(), s.state(), s.state(), "job is not held");
        }
        long eligible = s.eligibleTime() != 0 ? s.eligibleTime() : eligibleTime(job.spec(), now);
        return new JobStatus(PENDING, waitingReason(job.spec(), now), Hold.NONE, s.priority(), s.submitTime(),
                eligible, 0, 0, s.exitCode(), s.derivedExitCode(), s.restartCount(), s.allocation());
    }
}
