package io.jslurm.slurmctld.node;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Registration, hardware checks, heartbeats and SlurmdTimeout with a manual clock, as sinfo would show them. */
@ExtendWith(ControllerFixtureExtension.class)
class NodeLifecycleTest {

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) {
        cluster = fresh;
    }

    private NodeRecord node(String name) throws Exception {
        return cluster.client(ALICE).call(NodeInfoRequest.newBuilder().setNodeList(name).build(),
                NodeInfoResponse.class).getNodes(0);
    }

    /** The state the way scontrol prints it, from the base state and flags on the wire. */
    private String state(String name) throws Exception {
        NodeRecord node = node(name);
        String base = switch (node.getState()) {
            case NODE_STATE_UNSPECIFIED -> "UNKNOWN";
            default -> node.getState().name().substring("NODE_".length());
        };
        StringBuilder text = new StringBuilder(base);
        node.getStateFlagsList().forEach(f -> text.append('+').append(f.name().substring("NODE_FLAG_".length())));
        return text.toString();
    }

    private void tick(Duration by) {
        cluster.clock.advance(by);
        cluster.controller.loop().checkNodes();
    }

    @Test
    void unregisteredNodesAreUnknownAndNotResponding() throws Exception {
        assertThat(state("gpu01")).isEqualTo("UNKNOWN+NOT_RESPONDING");
        tick(Duration.ofSeconds(61));
        assertThat(state("gpu01")).isEqualTo("DOWN+NOT_RESPONDING");
        assertThat(node("gpu01").getReason()).isEqualTo("Not responding");
    }

    @Test
    void everyShortfallIsNamedInTheReasonInSlurmsOrder() throws Exception {
        var registration = cluster.registration("gpu01", 15999);
        var fewer = registration.toBuilder().setHardware(registration.getHardware().toBuilder()
                .setCpus(4).setCoresPerSocket(4)).build();
        cluster.slurmd().call(fewer);
        assertThat(state("gpu01")).isEqualTo("IDLE+DRAIN");
        assertThat(node("gpu01").getReason()).isEqualTo("Low socket*core*thread count, Low CPUs, "
                + "Low RealMemory (reported:15999 < 100.00% of configured:16000)");
    }

    @Test
    void aNodeWithLessMemoryThanConfiguredIsDrained() throws Exception {
        cluster.register("gpu01", 8000);
        assertThat(state("gpu01")).isEqualTo("IDLE+DRAIN");
        assertThat(node("gpu01").getReason()).isEqualTo("Low RealMemory (reported:8000 < 100.00% of configured:16000)");

        cluster.register("gpu02", 16000);
        assertThat(state("gpu02")).isEqualTo("IDLE");
        assertThat(node("gpu02").getGresUsed()).isEqualTo("gpu:a100:0(IDX:N/A)");
        assertThat(node("gpu02").getPartitionsList()).containsExactly("batch");
    }

    @Test
    void silenceMarksANodeNotRespondingThenDownAndItReturnsWhenItRegisters() throws Exception {
        cluster.register("gpu01", 16000);
        tick(Duration.ofSeconds(20));
        cluster.slurmd().call(NodeHeartbeat.newBuilder().setNodeName("gpu01").setCpuLoad(1.5).build());
        tick(Duration.ofSeconds(25));
        assertThat(state("gpu01")).isEqualTo("IDLE");
        tick(Duration.ofSeconds(10));
        assertThat(state("gpu01")).as("silent for half of SlurmdTimeout").isEqualTo("IDLE+NOT_RESPONDING");
        tick(Duration.ofSeconds(30));
        assertThat(state("gpu01")).isEqualTo("DOWN+NOT_RESPONDING");
        assertThat(node("gpu01").getReason()).isEqualTo("Not responding");

        cluster.register("gpu01", 16000);
        assertThat(state("gpu01")).as("ReturnToService=1").isEqualTo("IDLE");
        assertThat(node("gpu01").getReason()).isEmpty();
    }

    @Test
    void jobsOnALostNodeEndNodeFailOrAreRequeued() throws Exception {
        cluster.register("gpu01", 16000);
        long plain = submit(job(ALICE, "alice").setRequeue(false).setCpusPerTask(4).setMemPerNodeMb(1000)
                .setTimeLimitMinutes(10));
        long requeueable = submit(job(ALICE, "alice").setRequeue(true).setCpusPerTask(4).setMemPerNodeMb(1000)
                .setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(plain).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(requeueable).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state("gpu01")).isEqualTo("ALLOCATED");

        tick(Duration.ofSeconds(61));
        assertThat(cluster.job(plain).getState()).isEqualTo(JobState.JOB_NODE_FAIL);
        assertThat(cluster.job(requeueable).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(requeueable).getRestartCount()).isEqualTo(1);
        assertThat(state("gpu01")).isEqualTo("DOWN+NOT_RESPONDING");
    }

    @Test
    void operatorsDrainAndResumeNodes() throws Exception {
        cluster.register("gpu01", 16000);
        UpdateNodeRequest drain = UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState(UpdateNodeRequest.StateChange.DRAIN)
                .setReason("maintenance").build();
        assertThatThrownBy(() -> cluster.client(ALICE).call(drain))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        assertThatThrownBy(() -> cluster.client(0).call(drain.toBuilder().clearReason().build()))
                .hasMessageContaining("You must specify a reason");
        cluster.client(0).call(drain);
        assertThat(state("gpu01")).isEqualTo("IDLE+DRAIN");
        assertThat(node("gpu01").getReason()).isEqualTo("maintenance");
        cluster.client(0).call(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState(UpdateNodeRequest.StateChange.RESUME)
                .build());
        assertThat(state("gpu01")).isEqualTo("IDLE");
    }

    @Test
    void fieldsTheControllerCannotChangeAreRefusedByNameAndNothingElseOfTheUpdateIsApplied() throws Exception {
        cluster.register("gpu01", 16000);
        UpdateNodeRequest drainWithFeatures = UpdateNodeRequest.newBuilder().setNodeList("gpu01")
                .setState(UpdateNodeRequest.StateChange.DRAIN).setReason("maintenance").setGres("gpu:a100:1")
                .setComment("new card").build();
        assertThatThrownBy(() -> cluster.client(0).call(drainWithFeatures))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2036))
                .hasMessageContaining("Update of this parameter is not supported: Gres,Comment");
        assertThat(state("gpu01")).as("the drain in the same request is not applied").isEqualTo("IDLE");
    }

    private long submit(io.jslurm.protocol.proto.JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    @Test
    void aJobSlurmdRunsThatTheControllerDoesNotPlaceThereIsEnded() throws Exception {
        cluster.register("gpu01", 16000);
        cluster.slurmd().call(NodeHeartbeat.newBuilder().setNodeName("gpu01")
                .addRunningJobs(io.jslurm.protocol.proto.RunningJob.newBuilder().setJobId(4242)).build());
        var terminate = cluster.slurmdPeer.next(io.jslurm.protocol.proto.TerminateJob.class, Duration.ofSeconds(10));
        assertThat(terminate.getJobId()).isEqualTo(4242);
    }
}
