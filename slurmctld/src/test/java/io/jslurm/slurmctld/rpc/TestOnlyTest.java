package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.WillRun;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** sbatch --test-only against a controller with two registered nodes: an estimate, and nothing queued. */
@ExtendWith(ControllerFixtureExtension.class)
class TestOnlyTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    private SubmitBatchJobResponse testOnly(JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job.setTestOnly(true)).build(),
                SubmitBatchJobResponse.class);
    }

    private int queued() throws Exception {
        return cluster.client(0).call(JobInfoRequest.newBuilder().build(), JobInfoResponse.class).getJobsCount();
    }

    @Test
    void onIdleNodesTheJobWouldStartNowAndNothingIsQueued() throws Exception {
        SubmitBatchJobResponse answer = testOnly(job(ALICE, "alice").setNtasks(4).setTimeLimitMinutes(10));

        assertThat(answer.getJobId()).isEqualTo(1);
        assertThat(answer.getWillRun()).isEqualTo(WillRun.newBuilder().setStartTime(NOW.getEpochSecond())
                .setProcessors(4).setNodeList("gpu01").setPartition("batch").build());
        assertThat(queued()).isZero();
        assertThat(cluster.controller.loop().runPass()).isEmpty();
        // The id shown was not taken: the first real job gets it.
        assertThat(cluster.submit(ALICE, job(ALICE, "alice"))).isEqualTo(1);
    }

    @Test
    void onBusyNodesTheJobWouldStartWhenTheRunningJobsTimeLimitEnds() throws Exception {
        long running = cluster.submit(ALICE, job(ALICE, "alice").setMinNodes(2).setNtasks(16).setTimeLimitMinutes(30));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(running).getState()).isEqualTo(JobState.JOB_RUNNING);
        // A pending job of lower priority is not in the way: the will-run test plans the new job first.
        long waiting = cluster.submit(ALICE, job(ALICE, "alice").setMinNodes(2).setNtasks(16).setTimeLimitMinutes(60));
        cluster.controller.loop().runPass();
        cluster.clock.advance(Duration.ofMinutes(5));

        SubmitBatchJobResponse answer = testOnly(job(ALICE, "alice").setMinNodes(2).setNtasks(2)
                .setTimeLimitMinutes(10));

        assertThat(answer.getJobId()).isEqualTo(3);
        assertThat(Instant.ofEpochSecond(answer.getWillRun().getStartTime())).isEqualTo(NOW.plus(Duration.ofMinutes(30)));
        assertThat(answer.getWillRun().getNodeList()).isEqualTo("gpu[01-02]");
        assertThat(answer.getWillRun().getProcessors()).isEqualTo(2);
        assertThat(queued()).isEqualTo(2);
        assertThat(cluster.job(waiting).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void aRequestNoNodeCanHoldGetsSlurmsErrorAndNothingIsQueued() throws Exception {
        assertThatThrownBy(() -> testOnly(job(ALICE, "alice").setNtasks(1).setMemPerNodeMb(64000)))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(SlurmError.NODE_CONFIG_UNAVAILABLE.code());
                    assertThat(e.getMessage()).contains("Requested node configuration is not available");
                });
        assertThat(queued()).isZero();
    }

    @Test
    void aJobWithoutATimeLimitHoldsItsNodesUntilThePartitionsMaxTime() throws Exception {
        cluster.submit(ALICE, job(ALICE, "alice").setMinNodes(2).setNtasks(16));
        cluster.controller.loop().runPass();

        WillRun estimate = testOnly(job(ALICE, "alice").setNtasks(1).setTimeLimitMinutes(5)).getWillRun();

        assertThat(Instant.ofEpochSecond(estimate.getStartTime())).isEqualTo(NOW.plus(Duration.ofMinutes(60)));
        assertThat(estimate.getNodeList()).isEqualTo("gpu01");
    }

    @Test
    void aJobNoUsableNodeCouldStartIsRefused() throws Exception {
        cluster.client(0).call(UpdateNodeRequest.newBuilder().setNodeList("gpu[01-02]")
                .setState(UpdateNodeRequest.StateChange.DRAIN).setReason("maintenance").build());

        assertThatThrownBy(() -> testOnly(job(ALICE, "alice").setNtasks(1).setTimeLimitMinutes(5)))
                .isInstanceOfSatisfying(RpcException.class, e ->
                        assertThat(e.errorCode()).isEqualTo(SlurmError.NODE_CONFIG_UNAVAILABLE.code()));
        assertThat(queued()).isZero();
    }
}
