package io.jslurm.slurmctld.job;

import java.util.Objects;

/**
 * A request to move a job to another state, with what that state needs: the allocation when a pending job
 * starts, the exit code when it ends, the reason when it goes back to pending or ends.
 * Fields the target state does not use are ignored.
 *
 * @param suspendCause who suspends the job, when the target is SUSPENDED
 */
public record StateChange(JobState target, PendingReason reason, ExitCode exitCode, ExitCode derivedExitCode,
                          Allocation allocation, SuspendCause suspendCause) {

    public StateChange {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(derivedExitCode, "derivedExitCode");
        Objects.requireNonNull(allocation, "allocation");
        Objects.requireNonNull(suspendCause, "suspendCause");
    }

    public StateChange(JobState target, PendingReason reason, ExitCode exitCode, ExitCode derivedExitCode,
                       Allocation allocation) {
        this(target, reason, exitCode, derivedExitCode, allocation, SuspendCause.NONE);
    }

    /** A running job is suspended, by whom {@code cause} says. */
    public static StateChange suspend(SuspendCause cause) {
        return new StateChange(JobState.SUSPENDED, PendingReason.NONE, ExitCode.SUCCESS, ExitCode.SUCCESS,
                Allocation.NONE, cause);
    }

    public static StateChange to(JobState target) {
        return new StateChange(target, PendingReason.NONE, ExitCode.SUCCESS, ExitCode.SUCCESS, Allocation.NONE);
    }

    /** A pending job starts on the given resources, in {@code RUNNING} or {@code CONFIGURING}. */
    public static StateChange start(JobState target, Allocation allocation) {
        return to(target).withAllocation(allocation);
    }

    /** A running or completing job ends in the given finished state. */
    public static StateChange finish(JobState target, ExitCode exitCode, PendingReason reason) {
        return new StateChange(target, reason, exitCode, exitCode, Allocation.NONE);
    }

    public StateChange withReason(PendingReason newReason) {
        return new StateChange(target, newReason, exitCode, derivedExitCode, allocation, suspendCause);
    }

    public StateChange withExitCodes(ExitCode newExitCode, ExitCode newDerivedExitCode) {
        return new StateChange(target, reason, newExitCode, newDerivedExitCode, allocation, suspendCause);
    }

    public StateChange withAllocation(Allocation newAllocation) {
        return new StateChange(target, reason, exitCode, derivedExitCode, newAllocation, suspendCause);
    }
}
