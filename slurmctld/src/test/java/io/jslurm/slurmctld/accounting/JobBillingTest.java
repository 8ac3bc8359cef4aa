package io.jslurm.slurmctld.accounting;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The billing TRES in the job records scontrol show job prints, under a partition's TRESBillingWeights. */
class JobBillingTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, """
                PartitionName=billed Nodes=gpu01 MaxTime=60 State=UP TRESBillingWeights=CPU=1.0,Mem=0.25G
                """);
        cluster.register("gpu01", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    @Test
    void requestedAndAllocatedTresCarryTheWeightedBilling() throws Exception {
        long id = cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice")
                .setPartition("billed").setNtasks(2).setMemPerNodeMb(8192).setTimeLimitMinutes(30)).build(),
                SubmitBatchJobResponse.class).getJobId();
        // 2 CPUs * 1.0 + 8 GB * 0.25
        assertThat(cluster.job(id).getTresRequested()).isEqualTo("cpu=2,mem=8G,node=1,billing=4");

        cluster.controller.loop().runPass();
        assertThat(cluster.job(id).getTresAllocated()).isEqualTo("cpu=2,mem=8G,node=1,billing=4");
    }

    @Test
    void scontrolShowPartitionGetsTheWeightsAsWritten() throws Exception {
        PartitionInfoResponse info = cluster.client(ALICE).call(PartitionInfoRequest.getDefaultInstance(),
                PartitionInfoResponse.class);
        assertThat(info.getPartitionsList()).anySatisfy(p -> {
            assertThat(p.getName()).isEqualTo("billed");
            assertThat(p.getTresBillingWeights()).isEqualTo("CPU=1.0,Mem=0.25G");
        });
    }
}
