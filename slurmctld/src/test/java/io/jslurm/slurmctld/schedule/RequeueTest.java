package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobStateFlag;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.OpenMode;
import io.jslurm.protocol.proto.RunningJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.SlurmdPeer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A requeued job never runs twice at once: it is launched again only after the node that ran it reported the end
 * of that run, and only after the requeue delay (AuthInfo cred_expire, 10 s here).
 */
class RequeueTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;
    SlurmdPeer slurmd;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "AuthInfo=cred_expire=10\n");
        slurmd = cluster.slurmdPeer;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private JobControlResponse control(long jobId, JobControlRequest.Action action) throws Exception {
        return cluster.client(ALICE).call(JobControlRequest.newBuilder().setAction(action)
                .addTargets(JobTarget.newBuilder().setJobId((int) jobId)).build(), JobControlResponse.class);
    }

    private void ended(long jobId, String node) throws Exception {
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) jobId).setNodeName(node).setTermSignal(15)
                .build());
    }

    @Test
    void aRequeuedJobIsCompletingUntilItsNodeEndedItThenWaitsOutTheDelayAndRunsAgain() throws Exception {
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        LaunchBatchJob first = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(first.getRestartCount()).isZero();
        assertThat(first.getOpenMode()).isEqualTo(OpenMode.OPEN_MODE_TRUNCATE);
        String node = first.getAllocatedNodes(0).getNodeName();

        assertThat(control(jobId, JobControlRequest.Action.REQUEUE).getResultsList())
                .allMatch(r -> r.getErrorCode() == 0);
        assertThat(slurmd.next(TerminateJob.class, WAIT).getJobId()).isEqualTo(jobId);
        JobRecord ending = cluster.job(jobId);
        assertThat(ending.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(ending.getStateFlagsList()).containsExactly(JobStateFlag.JOB_FLAG_COMPLETING,
                JobStateFlag.JOB_FLAG_REQUEUED);
        assertThat(ending.getNodeList()).isEqualTo(node);

        cluster.clock.advance(Duration.ofMinutes(5));
        assertThat(cluster.controller.loop().runPass()).as("not relaunched while its node still ends it").isEmpty();

        ended(jobId, node);
        JobRecord pending = cluster.job(jobId);
        assertThat(pending.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(pending.getStateFlagsList()).isEmpty();
        assertThat(pending.getRestartCount()).isEqualTo(1);
        assertThat(cluster.controller.loop().runPass()).isEmpty();
        assertThat(cluster.job(jobId).getStateReason()).isEqualTo("BeginTime");

        cluster.clock.advance(Duration.ofSeconds(11));
        assertThat(cluster.controller.loop().runPass()).extracting(j -> j.jobId()).containsExactly(jobId);
        LaunchBatchJob second = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(second.getJobId()).isEqualTo(jobId);
        assertThat(second.getRestartCount()).isEqualTo(1);
        assertThat(second.getOpenMode()).as("a requeued run appends to what the first wrote")
                .isEqualTo(OpenMode.OPEN_MODE_APPEND);
    }

    @Test
    void anExplicitOpenModeWinsAndRequeueHoldHoldsOnceTheNodeEndedTheRun() throws Exception {
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10)
                .setOpenMode(OpenMode.OPEN_MODE_APPEND));
        cluster.controller.loop().runPass();
        LaunchBatchJob first = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(first.getOpenMode()).isEqualTo(OpenMode.OPEN_MODE_APPEND);

        control(jobId, JobControlRequest.Action.REQUEUE_HOLD);
        assertThat(cluster.job(jobId).getStateFlagsList()).contains(JobStateFlag.JOB_FLAG_COMPLETING);
        ended(jobId, first.getAllocatedNodes(0).getNodeName());
        JobRecord held = cluster.job(jobId);
        assertThat(held.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(held.getStateReason()).isEqualTo("JobHeldUser");
    }

    @Test
    void theEndOfARunOnANodeTheJobWasRequeuedAwayFromDoesNotEndTheNextRun() throws Exception {
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10).setNodelist("gpu01"));
        cluster.controller.loop().runPass();
        slurmd.next(LaunchBatchJob.class, WAIT);

        // gpu01 goes down: the job is requeued at once (nothing will report its end) and waits out the delay.
        cluster.client(0).call(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState(
                UpdateNodeRequest.StateChange.DOWN).setReason("cable").build());
        JobRecord requeued = cluster.job(jobId);
        assertThat(requeued.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(requeued.getStateFlagsList()).isEmpty();
        assertThat(requeued.getRestartCount()).isEqualTo(1);

        // gpu01 comes back still running the first run: it is told to end it, and the job is not started there
        // until it has.
        cluster.client(0).call(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState(
                UpdateNodeRequest.StateChange.RESUME).build());
        cluster.slurmd().call(cluster.registration("gpu01", 16000).toBuilder()
                .addRunningJobs(RunningJob.newBuilder().setJobId((int) jobId)).build());
        assertThat(slurmd.next(TerminateJob.class, WAIT).getJobId()).isEqualTo(jobId);
        cluster.clock.advance(Duration.ofSeconds(11));
        assertThat(cluster.controller.loop().runPass()).as("gpu01 still runs the first run").isEmpty();

        ended(jobId, "gpu01");
        assertThat(cluster.controller.loop().runPass()).extracting(j -> j.jobId()).containsExactly(jobId);
        assertThat(slurmd.next(LaunchBatchJob.class, WAIT).getRestartCount()).isEqualTo(1);

        // A late report of the first run from a node the job no longer runs on changes nothing.
        ended(jobId, "gpu02");
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);
    }
}
