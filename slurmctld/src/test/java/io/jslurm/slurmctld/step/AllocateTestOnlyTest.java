package io.jslurm.slurmctld.step;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.WillRun;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import io.jslurm.slurmctld.rpc.SlurmError;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** srun and salloc --test-only: an interactive allocation request answered with an estimate, nothing queued. */
@ExtendWith(ControllerFixtureExtension.class)
class AllocateTestOnlyTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    private AllocateResourcesResponse allocate(JobDescription.Builder job) throws Exception {
        // As srun and salloc send it: no script.
        return cluster.client(ALICE).call(AllocateResourcesRequest.newBuilder().setJob(job.clearScript()).build(),
                AllocateResourcesResponse.class);
    }

    private int queued() throws Exception {
        return cluster.client(0).call(JobInfoRequest.newBuilder().build(), JobInfoResponse.class).getJobsCount();
    }

    @Test
    void theEstimateSaysWhenAndWhereAndNoJobIsQueued() throws Exception {
        AllocateResourcesResponse answer = allocate(job(ALICE, "alice").setMinNodes(2).setNtasks(2)
                .setTimeLimitMinutes(10).setTestOnly(true));

        assertThat(answer.getJobId()).isEqualTo(1);
        assertThat(answer.getWillRun()).isEqualTo(WillRun.newBuilder().setStartTime(NOW.getEpochSecond())
                .setProcessors(2).setNodeList("gpu[01-02]").setPartition("batch").build());
        assertThat(queued()).isZero();
        // Without --test-only the same request is queued, under the id the estimate named.
        AllocateResourcesResponse real = allocate(job(ALICE, "alice").setNtasks(1).setTimeLimitMinutes(10));
        assertThat(real.getJobId()).isEqualTo(1);
        assertThat(real.hasWillRun()).isFalse();
        assertThat(queued()).isEqualTo(1);
    }

    @Test
    void aRequestNoNodeCanHoldIsRefusedAndNothingIsQueued() throws Exception {
        assertThatThrownBy(() -> allocate(job(ALICE, "alice").setNtasks(1).setMemPerNodeMb(64000).setTestOnly(true)))
                .isInstanceOfSatisfying(RpcException.class, e ->
                        assertThat(e.errorCode()).isEqualTo(SlurmError.NODE_CONFIG_UNAVAILABLE.code()));
        assertThat(queued()).isZero();
    }
}
