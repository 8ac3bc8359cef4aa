package io.jslurm.slurmctld.accounting;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's billing in scontrol show node's CfgTRES: the largest of its partitions' TRESBillingWeights applied to the
 * node's CPUs, memory and GPUs, its CPU count where no partition of it has weights; AllocTRES shows what is in use.
 * The test nodes have 8 CPUs, 16000 MB and two GPUs; gpu01 is in batch (no weights) and the weighted partitions,
 * gpu02 only in batch.
 */
class NodeBillingTest {

    @TempDir
    Path dir;

    private ControllerFixture start(String extra) throws Exception {
        ControllerFixture cluster = new ControllerFixture(dir, extra);
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
        return cluster;
    }

    private static NodeRecord node(ControllerFixture cluster, String name) throws Exception {
        return cluster.client(ALICE).call(NodeInfoRequest.newBuilder().setNodeList(name).build(),
                NodeInfoResponse.class).getNodes(0);
    }

    @Test
    void theLargestWeightedBillingOfTheNodesPartitionsElseItsCpus() throws Exception {
        try (ControllerFixture cluster = start("""
                PartitionName=mem Nodes=gpu01 MaxTime=60 State=UP TRESBillingWeights=CPU=1.0,Mem=0.25G
                PartitionName=gpus Nodes=gpu01 MaxTime=60 State=UP TRESBillingWeights=CPU=0.5,GRES/gpu=10
                """)) {
            // mem: 8 * 1.0 + 16000 MB * 0.25 per GB = 11.9; gpus: 8 * 0.5 + 2 * 10 = 24
            assertThat(node(cluster, "gpu01").getTresConfigured())
                    .isEqualTo("cpu=8,mem=16000M,billing=24,gres/gpu=2");
            assertThat(node(cluster, "gpu02").getTresConfigured()).as("only in a partition without weights")
                    .isEqualTo("cpu=8,mem=16000M,billing=8,gres/gpu=2");
        }
    }

    @Test
    void maxTresTakesTheLargestWeightedNodeTres() throws Exception {
        try (ControllerFixture cluster = start("""
                PriorityFlags=MAX_TRES
                PartitionName=mem Nodes=gpu01 MaxTime=60 State=UP TRESBillingWeights=CPU=1.0,Mem=1G
                """)) {
            // max(8 * 1.0, 16000 MB * 1 per GB = 15.6)
            assertThat(node(cluster, "gpu01").getTresConfigured())
                    .isEqualTo("cpu=8,mem=16000M,billing=15,gres/gpu=2");
        }
    }

    @Test
    void allocTresShowsTheCpusMemoryAndGpusInUseWithoutBilling() throws Exception {
        try (ControllerFixture cluster = start(
                "PartitionName=mem Nodes=gpu01 MaxTime=60 State=UP TRESBillingWeights=CPU=1.0,Mem=0.25G\n")) {
            assertThat(node(cluster, "gpu01").getTresAllocated()).as("idle").isEmpty();

            cluster.submit(ALICE, job(ALICE, "alice").setPartition("mem").setNtasks(2).setMemPerNodeMb(8192)
                    .setTimeLimitMinutes(30).setGpus("1"));
            cluster.controller.loop().runPass();
            assertThat(node(cluster, "gpu01").getTresAllocated()).isEqualTo("cpu=2,mem=8G,gres/gpu=1");
        }
    }
}
