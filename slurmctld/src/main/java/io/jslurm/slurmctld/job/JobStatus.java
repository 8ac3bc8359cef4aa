package io.jslurm.slurmctld.job;

import java.util.Objects;

/**
 * The part of a job that changes as it runs. Times are epoch seconds, 0 while not reached, as Slurm keeps
 * them. Only {@link JobTransitions} produces successors of a status.
 *
 * @param priority a priority pinned by an operator, 0 when the scheduler computes it
 * @param derivedExitCode the highest exit code of the job's steps ({@code sacct}'s DerivedExitCode)
 * @param restartCount how often the job was requeued
 * @param suspendCause who suspended the job while it is SUSPENDED, else {@link SuspendCause#NONE}
 * @param suspendTime the last suspend or resume of this run (Slurm's SuspendTime), 0 if it was never suspended
 * @param secsPreSuspend seconds the run had run before {@code suspendTime} (Slurm's SecsPreSuspend)
 */
public record JobStatus(
        JobState state,
        PendingReason reason,
        Hold hold,
        long priority,
        long submitTime,
        long eligibleTime,
        long startTime,
        long endTime,
        ExitCode exitCode,
        ExitCode derivedExitCode,
        int restartCount,
        Allocation allocation,
        SuspendCause suspendCause,
        long suspendTime,
        long secsPreSuspend) {

    public JobStatus {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(derivedExitCode, "derivedExitCode");
        Objects.requireNonNull(allocation, "allocation");
        Objects.requireNonNull(suspendCause, "suspendCause");
        if (priority < 0 || restartCount < 0) {
            throw new IllegalArgumentException("priority and restart count must not be negative");
        }
        if (hold != Hold.NONE && state != JobState.PENDING) {
            throw new IllegalArgumentException("only a pending job can be held, not a " + state + " one");
        }
        if (suspendTime < 0 || secsPreSuspend < 0) {
            throw new IllegalArgumentException("suspend time and seconds before it must not be negative");
        }
        if (suspendCause != SuspendCause.NONE && state != JobState.SUSPENDED) {
            throw new IllegalArgumentException("only a suspended job has a suspend cause, not a " + state + " one");
        }
    }

    /** A status whose run was never suspended, or read from a file older than the suspend times. */
    public JobStatus(JobState state, PendingReason reason, Hold hold, long priority, long submitTime,
                     long eligibleTime, long startTime, long endTime, ExitCode exitCode, ExitCode derivedExitCode,
                     int restartCount, Allocation allocation, SuspendCause suspendCause) {
        this(state, reason, hold, priority, submitTime, eligibleTime, startTime, endTime, exitCode, derivedExitCode,
                restartCount, allocation, suspendCause, 0, 0);
    }

    /** A status that is not suspended by anyone (every state but SUSPENDED, and state read from older files). */
    public JobStatus(JobState state, PendingReason reason, Hold hold, long priority, long submitTime,
                     long eligibleTime, long startTime, long endTime, ExitCode exitCode, ExitCode derivedExitCode,
                     int restartCount, Allocation allocation) {
        this(state, reason, hold, priority, submitTime, eligibleTime, startTime, endTime, exitCode, derivedExitCode,
                restartCount, allocation, SuspendCause.NONE);
    }

    JobStatus with(JobState newState, PendingReason newReason, Hold newHold, long newPriority) {
        return new JobStatus(newState, newReason, newHold, newPriority, submitTime, eligibleTime, startTime, endTime,
                exitCode, derivedExitCode, restartCount, allocation, newState == state ? suspendCause
                : SuspendCause.NONE, suspendTime, secsPreSuspend);
    }
}
