package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * scontrol update NodeName=... Features=/ActiveFeatures=/Weight=: the change shows at once in the node's record and
 * in scheduling, and a reconfigure takes slurm.conf's values again.
 */
@ExtendWith(ControllerFixtureExtension.class)
class NodeFeatureUpdateTest {

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    private NodeRecord node(String name) throws Exception {
        return cluster.client(ALICE).call(NodeInfoRequest.newBuilder().setNodeList(name).build(),
                NodeInfoResponse.class).getNodes(0);
    }

    private void update(UpdateNodeRequest.Builder request) throws Exception {
        cluster.client(0).call(request.build());
    }

    @Test
    void newFeaturesAreAvailableAndActiveAndAConstraintJobRunsThere() throws Exception {
        assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setConstraint("fast")))
                .as("no node has the feature yet").isInstanceOf(RpcException.class);

        update(UpdateNodeRequest.newBuilder().setNodeList("gpu02").setFeatures("fast, ib,fast"));

        assertThat(node("gpu02").getFeatures()).isEqualTo("fast,ib");
        assertThat(node("gpu02").getFeaturesActive()).isEqualTo("fast,ib");
        assertThat(node("gpu02").getState().name()).isEqualTo("NODE_IDLE");
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setConstraint("fast").setNtasks(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(jobId).getNodeList()).isEqualTo("gpu02");
    }

    @Test
    void aLowerWeightMakesTheNodeTheFirstChoice() throws Exception {
        update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setWeight(50));
        update(UpdateNodeRequest.newBuilder().setNodeList("gpu02").setWeight(10));

        assertThat(node("gpu01").getWeight()).isEqualTo(50);
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setNtasks(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getNodeList()).isEqualTo("gpu02");
    }

    @Test
    void aReconfigureTakesSlurmConfsValuesAgain() throws Exception {
        update(UpdateNodeRequest.newBuilder().setNodeList("gpu[01-02]").setFeatures("fast").setWeight(7));
        assertThat(node("gpu01").getFeatures()).isEqualTo("fast");

        cluster.controller.reconfigure();

        assertThat(node("gpu01").getFeatures()).isEmpty();
        assertThat(node("gpu02").getWeight()).isEqualTo(1);
    }

    @Test
    void activeFeaturesMustBeTheAvailableOnesAndARefusalChangesNothing() throws Exception {
        update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setFeatures("a,b"));

        assertThatThrownBy(() -> update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setFeaturesActive("c")))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2031))
                .hasMessageContaining("Active features not subset of available features");
        assertThatThrownBy(() -> update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setFeatures("x,y")
                .setFeaturesActive("x").setWeight(9)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2036));
        assertThatThrownBy(() -> update(UpdateNodeRequest.newBuilder().setNodeList("gpu[01-09]").setWeight(9)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2018));
        assertThat(node("gpu01").getFeatures()).isEqualTo("a,b");
        assertThat(node("gpu01").getWeight()).isEqualTo(1);

        update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setFeaturesActive("b,a"));
        assertThat(node("gpu01").getFeaturesActive()).isEqualTo("b,a");
    }

    @Test
    void aStateChangeAndFeaturesInOneRequestAreBothApplied() throws Exception {
        update(UpdateNodeRequest.newBuilder().setNodeList("gpu01").setState(UpdateNodeRequest.StateChange.DRAIN)
                .setReason("swap").setFeatures("new"));

        assertThat(node("gpu01").getFeatures()).isEqualTo("new");
        assertThat(node("gpu01").getReason()).isEqualTo("swap");
    }
}
