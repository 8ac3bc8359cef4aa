package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OverSubscribe=FORCE:2 through the controller: proposals with shared cores pass the re-check and start. */
class OverSubscribeControlTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "PartitionName=shared Nodes=gpu01 MaxTime=60 OverSubscribe=FORCE:2 State=UP\n");
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private long submitWholeNode() throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice")
                .setPartition("shared").setNtasks(8).setMemPerNodeMb(4000).setTimeLimitMinutes(30)).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    @Test
    void twoJobsShareTheCoresAndAThirdWaits() throws Exception {
        long first = submitWholeNode();
        long second = submitWholeNode();
        long third = submitWholeNode();

        cluster.controller.loop().runPass();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(second).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(second).getNodeList()).isEqualTo("gpu01");
        assertThat(cluster.job(third).getState()).isEqualTo(JobState.JOB_PENDING);

        cluster.controller.loop().runPass();
        assertThat(cluster.job(third).getState()).as("the share count counts running jobs")
                .isEqualTo(JobState.JOB_PENDING);

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) first).setNodeName("gpu01").build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(third).getState()).isEqualTo(JobState.JOB_RUNNING);
    }
}
