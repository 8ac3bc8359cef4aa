package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OverSubscribe=YES:2 through the controller: only jobs submitted with --oversubscribe share cores; the flag is kept
 * with the job and shown back in its record.
 */
class OverSubscribeYesTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "PartitionName=yes Nodes=gpu01 MaxTime=60 OverSubscribe=YES:2 State=UP\n");
        cluster.register("gpu01", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    /** The job's request as scontrol show job gets it. */
    private JobDescription request(long job) throws Exception {
        return cluster.client(0).call(JobInfoRequest.newBuilder().addJobIds((int) job).setIncludeRequest(true)
                .build(), JobInfoResponse.class).getJobs(0).getRequest();
    }

    @Test
    void jobsThatAskShareTheCoresAndAJobThatDoesNotWaits() throws Exception {
        long first = cluster.submitWholeNode("yes", true);
        long second = cluster.submitWholeNode("yes", true);
        long alone = cluster.submitWholeNode("yes", false);

        cluster.controller.loop().runPass();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(second).getState()).as("shares the first job's cores").isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(alone).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(request(first).getOversubscribe()).isTrue();
        assertThat(request(alone).getOversubscribe()).isFalse();

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) first).setNodeName("gpu01").build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(alone).getState()).as("one sharing job still holds the cores")
                .isEqualTo(JobState.JOB_PENDING);
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) second).setNodeName("gpu01").build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(alone).getState()).isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void withoutTheFlagYesSharesNothing() throws Exception {
        long first = cluster.submitWholeNode("yes", false);
        long second = cluster.submitWholeNode("yes", false);

        cluster.controller.loop().runPass();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(second).getState()).isEqualTo(JobState.JOB_PENDING);
    }
}
