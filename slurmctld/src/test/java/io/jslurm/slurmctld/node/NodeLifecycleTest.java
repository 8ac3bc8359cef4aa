package io.jslurm.slurmctld.node;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeHardware;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.SlurmdPeer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Registration, hardware checks, heartbeats and SlurmdTimeout with a manual clock, as sinfo would show them. */
class NodeLifecycleTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;
    SlurmdPeer slurmd;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir);
        slurmd = new SlurmdPeer(cluster.key, cluster.clock);
    }

    @AfterEach
    void stop() throws Exception {
        slurmd.close();
        cluster.close();
    }

    private NodeRegistration registration(String node, long memoryMb) {
        return NodeRegistration.newBuilder().setNodeName(node).setSlurmdPort(slurmd.port())
                .setHardware(NodeHardware.newBuilder().setCpus(8).setSockets(1).setCoresPerSocket(8)
                        .setThreadsPerCore(1).setRealMemoryMb(memoryMb))
                .addGpus(io.jslurm.protocol.proto.Gpu.newBuilder().setIndex(0).setType("a100"))
                .addGpus(io.jslurm.protocol.proto.Gpu.newBuilder().setIndex(1).setType("a100")).build();
    }

    private NodeRecord node(String name) throws Exception {
        return cluster.client(ALICE).call(NodeInfoRequest.newBuilder().setNodeList(name).build(),
                NodeInfoResponse.class).getNodes(0);
    }

    private void tick(Duration by) {
        cluster.clock.advance(by);
        cluster.controller.loop().checkNodes();
    }

    @Test
    void unregisteredNodesAreUnknownAndNotResponding() throws Exception {
        NodeRecord fresh = node("gpu01");
        assertThat(fresh.getState()).isEqualTo("UNKNOWN+NOT_RESPONDING");
        assertThat(fresh.getStateCompact()).isEqualTo("unk*");
        tick(Duration.ofSeconds(61));
        assertThat(node("gpu01").getStateCompact()).isEqualTo("down*");
        assertThat(node("gpu01").getReason()).isEqualTo("Not responding");
    }

    @Test
    void aNodeWithLessMemoryThanConfiguredIsDrained() throws Exception {
        cluster.slurmd().call(registration("gpu01", 8000));
        NodeRecord drained = node("gpu01");
        assertThat(drained.getState()).isEqualTo("IDLE+DRAIN");
        assertThat(drained.getStateCompact()).isEqualTo("drain");
        assertThat(drained.getReason()).isEqualTo("Low RealMemory");

        cluster.slurmd().call(registration("gpu02", 16000));
        assertThat(node("gpu02").getState()).isEqualTo("IDLE");
        assertThat(node("gpu02").getStateCompact()).isEqualTo("idle");
        assertThat(node("gpu02").getGresUsed()).isEqualTo("gpu:a100:0(IDX:N/A)");
        assertThat(node("gpu02").getPartitionsList()).containsExactly("batch");
    }

    @Test
    void silenceMarksANodeNotRespondingThenDownAndItReturnsWhenItRegisters() throws Exception {
        cluster.slurmd().call(registration("gpu01", 16000));
        tick(Duration.ofSeconds(20));
        cluster.slurmd().call(NodeHeartbeat.newBuilder().setNodeName("gpu01").setCpuLoad(1.5).build());
        tick(Duration.ofSeconds(25));
        assertThat(node("gpu01").getStateCompact()).isEqualTo("idle");
        tick(Duration.ofSeconds(10));
        assertThat(node("gpu01").getStateCompact()).as("silent for half of SlurmdTimeout").isEqualTo("idle*");
        assertThat(node("gpu01").getState()).isEqualTo("IDLE+NOT_RESPONDING");
        tick(Duration.ofSeconds(30));
        assertThat(node("gpu01").getStateCompact()).isEqualTo("down*");
        assertThat(node("gpu01").getReason()).isEqualTo("Not responding");

        cluster.slurmd().call(registration("gpu01", 16000));
        assertThat(node("gpu01").getStateCompact()).as("ReturnToService=1").isEqualTo("idle");
        assertThat(node("gpu01").getReason()).isEmpty();
    }

    @Test
    void jobsOnALostNodeEndNodeFailOrAreRequeued() throws Exception {
        cluster.slurmd().call(registration("gpu01", 16000));
        long plain = submit(job(ALICE, "alice").setRequeue(false).setCpusPerTask(4).setMemPerNodeMb(1000)
                .setTimeLimitMinutes(10));
        long requeueable = submit(job(ALICE, "alice").setRequeue(true).setCpusPerTask(4).setMemPerNodeMb(1000)
                .setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(plain).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(requeueable).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(node("gpu01").getStateCompact()).isEqualTo("alloc");

        tick(Duration.ofSeconds(61));
        assertThat(cluster.job(plain).getState()).isEqualTo(JobState.JOB_NODE_FAIL);
        assertThat(cluster.job(requeueable).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(requeueable).getRestartCount()).isEqualTo(1);
        assertThat(node("gpu01").getStateCompact()).isEqualTo("down*");
    }

    @Test
    void operatorsDrainAndResumeNodes() throws Exception {
        cluster.slurmd().call(registration("gpu01", 16000));
        UpdateNodeRequest drain = UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState("DRAIN")
                .setReason("maintenance").build();
        assertThatThrownBy(() -> cluster.client(ALICE).call(drain))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        assertThatThrownBy(() -> cluster.client(0).call(drain.toBuilder().setReason("").build()))
                .hasMessageContaining("You must specify a reason");
        cluster.client(0).call(drain);
        assertThat(node("gpu01").getState()).isEqualTo("IDLE+DRAIN");
        assertThat(node("gpu01").getReason()).isEqualTo("maintenance");
        cluster.client(0).call(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState("RESUME").build());
        assertThat(node("gpu01").getState()).isEqualTo("IDLE");
    }

    private long submit(io.jslurm.protocol.proto.JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }
}
