package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.CancelResult;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SignalJob;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller carrying out preemption plans and scontrol suspend/resume, against a listening fake slurmd. */
class PreemptionControlTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;

    void start(String preemptMode, String lowExtra) throws Exception {
        cluster = new ControllerFixture(dir, """
                PreemptType=preempt/partition_prio
                PreemptMode=%s
                PartitionName=high Nodes=gpu01 PriorityTier=10 MaxTime=60 State=UP
                PartitionName=low Nodes=gpu01 PriorityTier=1 MaxTime=60 State=UP %s
                """.formatted(preemptMode, lowExtra));
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private long submit(String partition) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice")
                .setPartition(partition).setNtasks(8).setMemPerNodeMb(2000).setTimeLimitMinutes(30)).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    private long startLow() throws Exception {
        long low = submit("low");
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT).getJobId()).isEqualTo(low);
        return low;
    }

    private CancelResult control(long uid, long jobId, JobControlRequest.Action action) throws Exception {
        return cluster.client(uid).call(JobControlRequest.newBuilder().setAction(action)
                .addTargets(JobTarget.newBuilder().setJobId((int) jobId)).build(), JobControlResponse.class)
                .getResults(0);
    }

    @Test
    void cancelModeEndsTheLowTierJobPreemptedAndStartsTheHighTierOne() throws Exception {
        start("CANCEL", "");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        JobRecord preempted = cluster.job(low);
        assertThat(preempted.getState()).isEqualTo(JobState.JOB_PREEMPTED);
        assertThat(cluster.slurmdPeer.next(TerminateJob.class, WAIT).getJobId()).isEqualTo(low);

        cluster.controller.loop().runPass();
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT).getJobId()).isEqualTo(high);
    }

    @Test
    void requeueModeSendsTheLowTierJobBackToTheQueue() throws Exception {
        start("REQUEUE", "");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        JobRecord requeued = cluster.job(low);
        assertThat(requeued.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(requeued.getRestartCount()).isEqualTo(1);
        assertThat(cluster.slurmdPeer.next(TerminateJob.class, WAIT).getJobId()).isEqualTo(low);

        cluster.controller.loop().runPass();
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void aJobInsideThePreemptExemptTimeIsNotRequeued() throws Exception {
        start("""
                REQUEUE
                PreemptExemptTime=10:00""", "");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).as("ran 0 of its 10 exempt minutes").isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void aPartitionPreemptModeOffProtectsItsJobs() throws Exception {
        start("REQUEUE", "PreemptMode=OFF");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(high).getStateReason()).isEqualTo("Resources");
    }

    @Test
    void graceTimeSendsSigtermFirstAndEndsTheJobWhenItIsOver() throws Exception {
        start("CANCEL", "GraceTime=30");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).as("inside its grace time").isEqualTo(JobState.JOB_RUNNING);
        // Two messages through the slurmd pool: they may arrive in either order.
        assertThat(java.util.List.of(cluster.slurmdPeer.next(SignalJob.class, WAIT).getSignal(),
                cluster.slurmdPeer.next(SignalJob.class, WAIT).getSignal())).containsExactlyInAnyOrder(18, 15);

        cluster.clock.advance(Duration.ofSeconds(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_PENDING);

        cluster.clock.advance(Duration.ofSeconds(21));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_PREEMPTED);
        cluster.controller.loop().runPass();
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void suspendModeFreezesTheLowTierJobAndResumesItWhenThePreemptorEnds() throws Exception {
        start("SUSPEND,GANG", "");
        long low = startLow();
        long high = submit("high");

        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_SUSPENDED);
        SuspendJob freeze = cluster.slurmdPeer.next(SuspendJob.class, WAIT);
        assertThat(freeze.getJobId()).isEqualTo(low);
        assertThat(freeze.getResume()).isFalse();
        assertThat(cluster.job(high).getState()).isEqualTo(JobState.JOB_RUNNING);

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) high).setNodeName("gpu01").build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_RUNNING);
        SuspendJob thaw = cluster.slurmdPeer.next(SuspendJob.class, WAIT);
        assertThat(thaw.getJobId()).isEqualTo(low);
        assertThat(thaw.getResume()).isTrue();
    }

    @Test
    void scontrolSuspendAndResumeAreForOperatorsAndPauseTheTimeLimit() throws Exception {
        start("OFF", "");
        long low = startLow();
        JobRecord before = cluster.job(low);

        CancelResult denied = control(ALICE, low, JobControlRequest.Action.SUSPEND);
        assertThat(denied.getErrorCode()).isEqualTo(2002);
        assertThat(cluster.job(low).getState()).isEqualTo(JobState.JOB_RUNNING);

        assertThat(control(0, low, JobControlRequest.Action.SUSPEND).getErrorCode()).isZero();
        JobRecord suspended = cluster.job(low);
        assertThat(suspended.getState()).isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(cluster.slurmdPeer.next(SuspendJob.class, WAIT).getResume()).isFalse();
        assertThat(control(0, low, JobControlRequest.Action.SUSPEND).getErrorCode()).as("Job is not running")
                .isEqualTo(2085);

        cluster.clock.advance(Duration.ofMinutes(10));
        assertThat(control(0, low, JobControlRequest.Action.RESUME).getErrorCode()).isZero();
        JobRecord resumed = cluster.job(low);
        assertThat(resumed.getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.slurmdPeer.next(SuspendJob.class, WAIT).getResume()).isTrue();
        assertThat(resumed.getSuspendTime()).isEqualTo(cluster.clock.instant().getEpochSecond());
        assertThat(resumed.getEndTime()).as("the 10 minutes suspended do not count")
                .isEqualTo(before.getEndTime() + 600);
        assertThat(resumed.getPreSuspendSeconds()).isZero();
        assertThat(control(0, low, JobControlRequest.Action.RESUME).getErrorCode()).as("Job is not suspended")
                .isEqualTo(2087);
        assertThat(control(0, submit("low"), JobControlRequest.Action.SUSPEND).getErrorCode())
                .as("Job is pending execution").isEqualTo(2024);
    }

    @Test
    void aSuspendedJobsCoresGoToOtherJobs() throws Exception {
        start("OFF", "");
        long low = startLow();
        long next = submit("low");
        cluster.controller.loop().runPass();
        assertThat(cluster.job(next).getState()).isEqualTo(JobState.JOB_PENDING);

        control(0, low, JobControlRequest.Action.SUSPEND);
        cluster.controller.loop().runPass();
        assertThat(cluster.job(next).getState()).isEqualTo(JobState.JOB_RUNNING);
    }
}
