package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Request options that shape an allocation, from the submission to the job the controller starts. */
class RequestShapeTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, """
                NodeName=gpu03
                PartitionName=wide Nodes=gpu[01-03] MaxTime=60 State=UP
                """);
        for (String node : new String[] {"gpu01", "gpu02", "gpu03"}) {
            cluster.register(node, 16000);
        }
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private long submit(JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    /** The job as scontrol show job asks for it: with its request. */
    private JobDescription request(long jobId) throws Exception {
        return cluster.client(0).call(JobInfoRequest.newBuilder().addJobIds((int) jobId).setIncludeRequest(true)
                .build(), JobInfoResponse.class).getJobs(0).getRequest();
    }

    @Test
    void cpusPerGpuGiveTheJobThatManyCoresForEachGpu() throws Exception {
        long id = submit(job(ALICE, "alice").setGpusPerNode("1").setCpusPerGpu(6).setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(id).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(id).getNumCpus()).isEqualTo(6);
        assertThat(request(id).getCpusPerGpu()).isEqualTo(6);
        cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT);
    }

    @Test
    void aContiguousJobWaitsForNeighbouringNodes() throws Exception {
        long middle = submit(job(ALICE, "alice").setPartition("wide").setNodelist("gpu02")
                .setExclusive(Exclusive.EXCLUSIVE_NODE).setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(middle).getState()).isEqualTo(JobState.JOB_RUNNING);
        cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT);

        long pair = submit(job(ALICE, "alice").setPartition("wide").setMinNodes(2).setMaxNodes(2)
                .setNtasksPerNode(1).setContiguous(true).setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        // gpu01 and gpu03 are idle, but they are not neighbours.
        assertThat(cluster.job(pair).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(pair).getStateReason()).isEqualTo("Resources");
        assertThat(request(pair).getContiguous()).isTrue();

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) middle).setNodeName("gpu02").setExitCode(0)
                .build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(pair).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(pair).getNodeList()).isIn("gpu[01-02]", "gpu[02-03]");
        cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT);
    }
}
