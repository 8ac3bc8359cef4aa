package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The ways a submission is served: answered from the journal's sync when it starts on the event loop, and on a
 * worker when it may wait before the journal (an AllowGroups partition, an operator's --priority).
 */
@ExtendWith(ControllerFixtureExtension.class)
class SubmitPathTest {

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) {
        cluster = fresh;
    }

    @Test
    void consecutiveSubmissionsGetConsecutiveIdsAndAreQueued() throws Exception {
        long first = cluster.submit(ALICE, job(ALICE, "alice"));
        long second = cluster.submit(ALICE, job(ALICE, "alice"));
        assertThat(second).isEqualTo(first + 1);
        assertThat(cluster.job(second).getUserName()).isEqualTo("alice");
    }

    @Test
    void anArrayIsAnsweredWithItsTasks() throws Exception {
        SubmitBatchJobResponse response = cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder()
                .setJob(job(ALICE, "alice").setArray("0-3")).build(), SubmitBatchJobResponse.class);
        assertThat(response.getArray().getTaskCount()).isEqualTo(4);
        assertThat(response.getArray().getArrayJobId()).isEqualTo(response.getJobId());
        assertThat(response.getArray().getTaskIds()).isEqualTo("0-3");
    }

    @Test
    void aSubmissionToAnAllowGroupsPartitionIsServedOnAWorker() throws Exception {
        // root may use the AllowGroups=wheel partition; the check asks for groups, so it does not run on the event loop.
        long jobId = cluster.submit(0, job(0, "root").setPartition("admin").setTimeLimitMinutes(5));
        JobInfoResponse info = cluster.client(0).call(JobInfoRequest.newBuilder().addJobIds((int) jobId)
                .setIncludeRequest(true).build(), JobInfoResponse.class);
        assertThat(info.getJobs(0).getRequest().getPartition()).isEqualTo("admin");
    }

    @Test
    void anOperatorsPriorityIsPinnedBeforeTheAnswer() throws Exception {
        long jobId = cluster.submit(0, job(0, "root").setPriority(5000));
        assertThat(cluster.job(jobId).getPriority()).isEqualTo(5000);
    }
}
