package io.jslurm.slurmctld.job;

import static io.jslurm.slurmctld.job.JobState.CANCELLED;
import static io.jslurm.slurmctld.job.JobState.COMPLETED;
import static io.jslurm.slurmctld.job.JobState.COMPLETING;
import static io.jslurm.slurmctld.job.JobState.CONFIGURING;
import static io.jslurm.slurmctld.job.JobState.FAILED;
import static io.jslurm.slurmctld.job.JobState.PENDING;
import static io.jslurm.slurmctld.job.JobState.REQUEUED;
import static io.jslurm.slurmctld.job.JobState.RUNNING;
import static io.jslurm.slurmctld.job.JobState.SUSPENDED;
import static io.jslurm.slurmctld.job.JobState.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class JobTransitionsTest {

    private static final Allocation NODES = new Allocation("gpu[01-02]", 2, 64, 512_000,
            List.of(GresRequest.gpusPerNode("h100", 8)));

    private static Job pending(JobSpec spec) {
        return new Job(100, 0, Job.NO_TASK, 0, spec, JobTransitions.submitted(spec, 1_000));
    }

    private static Job pending() {
        return pending(JobSpec.builder("alice", 1000, 1000).build());
    }

    private static Job in(JobState state) {
        Job job = pending();
        return switch (state) {
            case PENDING -> job;
            case RUNNING, CONFIGURING -> job.withStatus(JobTransitions.apply(job, StateChange.start(state, NODES), 1_010));
            default -> {
                Job running = in(RUNNING);
                yield running.withStatus(JobTransitions.apply(running, StateChange.to(state), 1_020));
            }
        };
    }

    @ParameterizedTest
    @CsvSource({
            "PENDING, RUNNING", "PENDING, CONFIGURING", "PENDING, CANCELLED", "CONFIGURING, RUNNING",
            "RUNNING, COMPLETING", "RUNNING, COMPLETED", "RUNNING, TIMEOUT", "RUNNING, SUSPENDED",
            "SUSPENDED, RUNNING", "COMPLETING, COMPLETED", "COMPLETING, CANCELLED", "COMPLETING, FAILED", "RUNNING, REQUEUED",
            "REQUEUED, PENDING", "COMPLETED, REQUEUED", "FAILED, REQUEUED", "CONFIGURING, BOOT_FAIL",
            "RUNNING, OUT_OF_MEMORY", "RUNNING, NODE_FAIL", "RUNNING, PREEMPTED", "PENDING, DEADLINE"})
    void legal(JobState from, JobState to) {
        assertThat(JobTransitions.isLegal(from, to)).isTrue();
    }

    @ParameterizedTest
    @CsvSource({
            "PENDING, COMPLETED", "PENDING, COMPLETING", "PENDING, SUSPENDED", "PENDING, REQUEUED",
            "COMPLETED, RUNNING", "CANCELLED, PENDING", "COMPLETING, RUNNING", "COMPLETING, SUSPENDED",
            "SUSPENDED, TIMEOUT", "REQUEUED, RUNNING", "RUNNING, PENDING", "RUNNING, BOOT_FAIL",
            "RUNNING, RUNNING"})
    void illegal(JobState from, JobState to) {
        assertThat(JobTransitions.isLegal(from, to)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(JobState.class)
    void finishedStatesLeadOnlyToRequeue(JobState state) {
        if (state.isFinished()) {
            assertThat(JobTransitions.successors(state)).containsExactly(REQUEUED);
        } else {
            assertThat(JobTransitions.successors(state)).isNotEmpty();
        }
    }

    @Test
    void illegalChangeThrowsAndNamesBothStates() {
        Job done = in(COMPLETED);
        assertThatThrownBy(() -> JobTransitions.apply(done, StateChange.to(RUNNING), 2_000))
                .isInstanceOf(IllegalTransitionException.class)
                .hasMessageContaining("job 100")
                .hasMessageContaining("COMPLETED")
                .hasMessageContaining("RUNNING");
    }

    @Test
    void startingNeedsNodesAndSetsStartTime() {
        Job job = pending();
        assertThatThrownBy(() -> JobTransitions.apply(job, StateChange.to(RUNNING), 1_010))
                .hasMessageContaining("no nodes allocated");
        JobStatus running = JobTransitions.apply(job, StateChange.start(RUNNING, NODES), 1_010);
        assertThat(running.state()).isEqualTo(RUNNING);
        assertThat(running.startTime()).isEqualTo(1_010);
        assertThat(running.allocation()).isEqualTo(NODES);
        assertThat(running.submitTime()).isEqualTo(1_000);
    }

    @Test
    void endingRecordsEndTimeExitCodeAndReason() {
        Job running = in(RUNNING);
        JobStatus timedOut = JobTransitions.apply(running,
                StateChange.finish(TIMEOUT, ExitCode.of(0, 15), PendingReason.TIME_LIMIT), 4_600);
        assertThat(timedOut.state()).isEqualTo(TIMEOUT);
        assertThat(timedOut.endTime()).isEqualTo(4_600);
        assertThat(timedOut.exitCode()).hasToString("0:15");
        assertThat(timedOut.reason()).isEqualTo(PendingReason.TIME_LIMIT);
        assertThat(timedOut.allocation()).isEqualTo(NODES);
    }

    @Test
    void suspendAndResumeKeepStartTime() {
        Job running = in(RUNNING);
        Job suspended = running.withStatus(JobTransitions.apply(running, StateChange.to(SUSPENDED), 2_000));
        JobStatus resumed = JobTransitions.apply(suspended, StateChange.to(RUNNING), 3_000);
        assertThat(resumed.startTime()).isEqualTo(1_010);
    }

    @Test
    void suspendTimesCountTheRunBetweenSuspensionsAndARequeueClearsThem() {
        Job running = in(RUNNING);
        assertThat(running.status().suspendTime()).as("never suspended").isZero();
        Job suspended = running.withStatus(JobTransitions.apply(running, StateChange.suspend(SuspendCause.OPERATOR),
                2_000));
        assertThat(suspended.status().suspendTime()).isEqualTo(2_000);
        assertThat(suspended.status().secsPreSuspend()).as("run since the start at 1010").isEqualTo(990);
        Job resumed = suspended.withStatus(JobTransitions.apply(suspended, StateChange.to(RUNNING), 3_000));
        assertThat(resumed.status().suspendTime()).isEqualTo(3_000);
        assertThat(resumed.status().secsPreSuspend()).isEqualTo(990);
        Job again = resumed.withStatus(JobTransitions.apply(resumed, StateChange.suspend(SuspendCause.OPERATOR),
                3_100));
        assertThat(again.status().secsPreSuspend()).as("990 before, 100 since the resume").isEqualTo(1_090);
        Job requeued = again.withStatus(JobTransitions.apply(again, StateChange.to(REQUEUED), 3_200));
        assertThat(requeued.status().suspendTime()).as("the ended run keeps its times").isEqualTo(3_100);
        JobStatus pending = JobTransitions.apply(requeued, StateChange.to(PENDING), 3_300);
        assertThat(pending.suspendTime()).as("the next run starts unsuspended").isZero();
        assertThat(pending.secsPreSuspend()).isZero();
    }

    @Test
    void theSuspendCauseIsKeptWhileSuspendedAndClearedOnResume() {
        Job running = in(RUNNING);
        Job suspended = running.withStatus(JobTransitions.apply(running, StateChange.suspend(SuspendCause.GANG),
                2_000));
        assertThat(suspended.status().suspendCause()).isEqualTo(SuspendCause.GANG);
        assertThat(JobTransitions.prioritized(suspended, 5).suspendCause()).isEqualTo(SuspendCause.GANG);
        JobStatus resumed = JobTransitions.apply(suspended, StateChange.to(RUNNING), 3_000);
        assertThat(resumed.suspendCause()).isEqualTo(SuspendCause.NONE);
        JobStatus cancelled = JobTransitions.apply(suspended, StateChange.finish(CANCELLED, ExitCode.SUCCESS,
                PendingReason.NONE), 3_000);
        assertThat(cancelled.suspendCause()).isEqualTo(SuspendCause.NONE);
    }

    @Test
    void requeuedJobComesBackPendingWithCleanSlate() {
        Job failed = in(RUNNING);
        failed = failed.withStatus(JobTransitions.apply(failed,
                StateChange.finish(FAILED, ExitCode.of(1, 0), PendingReason.NON_ZERO_EXIT_CODE), 2_000));
        Job requeued = failed.withStatus(JobTransitions.apply(failed, StateChange.to(REQUEUED), 2_100));
        JobStatus again = JobTransitions.apply(requeued, StateChange.to(PENDING), 2_200);
        assertThat(again.state()).isEqualTo(PENDING);
        assertThat(again.restartCount()).isEqualTo(1);
        assertThat(again.startTime()).isZero();
        assertThat(again.endTime()).isZero();
        assertThat(again.exitCode()).isEqualTo(ExitCode.SUCCESS);
        assertThat(again.allocation().isEmpty()).isTrue();
        assertThat(again.eligibleTime()).isEqualTo(2_200);
        assertThat(again.submitTime()).as("a requeued job is submitted anew").isEqualTo(2_200);
    }

    @Test
    void requeueOfARunningJobEndsTheRunAndTheNextRunHasItsOwnSubmitTime() {
        Job running = in(RUNNING);
        Job requeued = running.withStatus(JobTransitions.apply(running, StateChange.to(REQUEUED), 1_500));
        assertThat(requeued.status().endTime()).isEqualTo(1_500);
        assertThat(requeued.status().startTime()).isEqualTo(1_010);
        assertThat(requeued.status().submitTime()).isEqualTo(1_000);
        // Back in the queue within the second of its submission: still a submit time of its own.
        Job started = pending();
        started = started.withStatus(JobTransitions.apply(started, StateChange.start(RUNNING, NODES), 1_000));
        Job early = started.withStatus(JobTransitions.apply(started, StateChange.to(REQUEUED), 1_000));
        assertThat(JobTransitions.apply(early, StateChange.to(PENDING), 1_000).submitTime()).isEqualTo(1_001);
    }

    @Test
    void heldJobCannotStartButCanBeCancelled() {
        Job held = pending(JobSpec.builder("alice", 1000, 1000).hold(true).build());
        assertThat(held.status().reason()).isEqualTo(PendingReason.JOB_HELD_USER);
        assertThat(held.status().eligibleTime()).isZero();
        assertThatThrownBy(() -> JobTransitions.apply(held, StateChange.start(RUNNING, NODES), 1_001))
                .hasMessageContaining("held");
        assertThat(JobTransitions.apply(held, StateChange.to(CANCELLED), 1_001).state()).isEqualTo(CANCELLED);
    }

    @Test
    void adminHoldOutranksUserHoldAndReleaseMakesEligible() {
        Job job = pending();
        Job admin = job.withStatus(JobTransitions.hold(job, Hold.ADMIN));
        Job stillAdmin = admin.withStatus(JobTransitions.hold(admin, Hold.USER));
        assertThat(stillAdmin.status().hold()).isEqualTo(Hold.ADMIN);
        assertThat(stillAdmin.status().reason()).hasToString("JobHeldAdmin");
        JobStatus released = JobTransitions.release(stillAdmin, 5_000);
        assertThat(released.hold()).isEqualTo(Hold.NONE);
        assertThat(released.reason()).isEqualTo(PendingReason.NONE);
        assertThatThrownBy(() -> JobTransitions.release(job, 5_000)).hasMessageContaining("not held");
    }

    @Test
    void onlyPendingJobsCanBeHeld() {
        assertThatThrownBy(() -> JobTransitions.hold(in(RUNNING), Hold.USER))
                .isInstanceOf(IllegalTransitionException.class);
    }

    @Test
    void submittedJobWaitsForDependencyOrBeginTime() {
        Job dependent = pending(JobSpec.builder("bob", 1001, 1001).dependency("afterok:99").build());
        assertThat(dependent.status().reason()).isEqualTo(PendingReason.DEPENDENCY);
        assertThat(dependent.status().eligibleTime()).isZero();
        Job later = pending(JobSpec.builder("bob", 1001, 1001).beginTime(5_000).build());
        assertThat(later.status().reason()).isEqualTo(PendingReason.BEGIN_TIME);
        assertThat(later.status().eligibleTime()).isEqualTo(5_000);
    }

    @Test
    void completingThenCompleted() {
        Job completing = in(COMPLETING);
        assertThat(JobTransitions.apply(completing, StateChange.to(COMPLETED), 3_000).state()).isEqualTo(COMPLETED);
        assertThat(in(CONFIGURING).status().startTime()).isEqualTo(1_010);
    }
}
