package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who suspended a job survives a controller restart: the gang scheduler's jobs keep taking turns, a job suspended
 * by preemption resumes once its preemptor is gone, and one an operator suspended stays suspended (and leaves its
 * cores to others) until {@code scontrol resume}.
 */
class SuspendAcrossRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String CONF = """
            PreemptType=preempt/partition_prio
            PreemptMode=SUSPEND,GANG
            SchedulerTimeSlice=10
            PartitionName=shared Nodes=gpu01 MaxTime=60 OverSubscribe=FORCE:2 State=UP
            PartitionName=high Nodes=gpu01 PriorityTier=10 MaxTime=60 State=UP
            PartitionName=low Nodes=gpu01 PriorityTier=1 MaxTime=60 State=UP
            """;

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private void start(Duration later) throws Exception {
        cluster = new ControllerFixture(dir, CONF);
        // The new controller's clock starts where the first one's did: move it past what already happened.
        cluster.clock.advance(later);
        cluster.register("gpu01", 16000);
    }

    private void restart(Duration later) throws Exception {
        cluster.close();
        cluster = null;
        start(later);
    }

    private void passAfter(int seconds) {
        cluster.clock.advance(Duration.ofSeconds(seconds));
        cluster.controller.loop().runPass();
    }

    private JobState state(long job) throws Exception {
        return cluster.job(job).getState();
    }

    private void control(long jobId, JobControlRequest.Action action) throws Exception {
        int code = cluster.client(0).call(JobControlRequest.newBuilder().setAction(action)
                .addTargets(JobTarget.newBuilder().setJobId((int) jobId)).build(), JobControlResponse.class)
                .getResults(0).getErrorCode();
        assertThat(code).as("%s of JobId=%d", action, jobId).isZero();
    }

    @Test
    void gangSuspendedJobsKeepTakingTurnsAfterARestart() throws Exception {
        start(Duration.ZERO);
        long first = cluster.submitWholeNode("shared", false);
        passAfter(1);
        long second = cluster.submitWholeNode("shared", false);
        passAfter(1);
        passAfter(3);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).isEqualTo(JobState.JOB_SUSPENDED);

        restart(Duration.ofSeconds(8));
        assertThat(state(second)).as("still suspended right after the restart").isEqualTo(JobState.JOB_SUSPENDED);
        long third = cluster.submitWholeNode("shared", false);
        cluster.controller.loop().runPass();
        assertThat(state(third)).as("the suspended job still holds its share of the cores (FORCE:2)")
                .isEqualTo(JobState.JOB_PENDING);
        assertThat(state(first)).as("its turn is over: a new slice begins").isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(second)).isEqualTo(JobState.JOB_RUNNING);

        passAfter(10);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).isEqualTo(JobState.JOB_SUSPENDED);
        passAfter(10);
        assertThat(state(first)).isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(second)).isEqualTo(JobState.JOB_RUNNING);

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) second).setNodeName("gpu01").build());
        passAfter(1);
        assertThat(state(first)).as("resumes once the other job is done").isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void anOperatorsSuspendOutlastsARestartAndLeavesTheCoresToOthers() throws Exception {
        start(Duration.ZERO);
        long held = cluster.submitWholeNode("low", false);
        passAfter(1);
        control(held, JobControlRequest.Action.SUSPEND);

        restart(Duration.ofSeconds(5));
        long next = cluster.submitWholeNode("low", false);
        for (int i = 0; i < 3; i++) {
            passAfter(20);
        }
        assertThat(state(held)).as("only scontrol resume ends an operator's suspend").isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(next)).as("its cores are free for other jobs").isEqualTo(JobState.JOB_RUNNING);

        control(held, JobControlRequest.Action.RESUME);
        assertThat(state(held)).isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void aJobSuspendedByPreemptionResumesAfterARestartOnceItsPreemptorEnds() throws Exception {
        start(Duration.ZERO);
        long low = cluster.submit(ALICE, job(ALICE, "alice").setPartition("low").setNtasks(8).setMemPerNodeMb(2000)
                .setTimeLimitMinutes(30));
        passAfter(1);
        long high = cluster.submit(ALICE, job(ALICE, "alice").setPartition("high").setNtasks(8)
                .setMemPerNodeMb(2000).setTimeLimitMinutes(30));
        passAfter(1);
        assertThat(state(low)).isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(high)).isEqualTo(JobState.JOB_RUNNING);

        restart(Duration.ofSeconds(5));
        passAfter(15);
        assertThat(state(low)).as("its preemptor still runs").isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(high)).isEqualTo(JobState.JOB_RUNNING);

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) high).setNodeName("gpu01").build());
        passAfter(1);
        assertThat(state(low)).isEqualTo(JobState.JOB_RUNNING);
        SuspendJob thaw = cluster.slurmdPeer.next(SuspendJob.class, WAIT);
        while (thaw.getJobId() != low) {
            thaw = cluster.slurmdPeer.next(SuspendJob.class, WAIT);
        }
        assertThat(thaw.getResume()).isTrue();
    }

    @Test
    void suspendTimeAndSecondsBeforeItSurviveARestart() throws Exception {
        start(Duration.ZERO);
        long held = cluster.submitWholeNode("low", false);
        passAfter(1);
        long started = cluster.job(held).getStartTime();
        cluster.clock.advance(Duration.ofSeconds(7));
        control(held, JobControlRequest.Action.SUSPEND);
        var before = cluster.job(held);
        assertThat(before.getSuspendTime() - started).as("suspended 7 s after the start").isEqualTo(7);
        assertThat(before.getPreSuspendSeconds()).isEqualTo(7);

        restart(Duration.ofSeconds(30));
        var after = cluster.job(held);
        assertThat(after.getSuspendTime()).as("SuspendTime after the restart").isEqualTo(before.getSuspendTime());
        assertThat(after.getPreSuspendSeconds()).as("SecsPreSuspend after the restart").isEqualTo(7);

        control(held, JobControlRequest.Action.RESUME);
        var resumed = cluster.job(held);
        assertThat(resumed.getSuspendTime()).as("a resume is the last change").isGreaterThan(before.getSuspendTime());
        assertThat(resumed.getPreSuspendSeconds()).isEqualTo(7);
        cluster.clock.advance(Duration.ofSeconds(5));
        control(held, JobControlRequest.Action.SUSPEND);
        assertThat(cluster.job(held).getPreSuspendSeconds()).as("7 s before the first suspend, 5 s after the resume")
                .isEqualTo(12);
    }
}
