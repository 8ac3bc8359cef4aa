package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.BOB;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.PartitionRecord;
import io.jslurm.protocol.proto.PartitionState;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.ReconfigureResponse;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.protocol.proto.UpdatePartitionResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scontrol update PartitionName=... through the real server: who may, what changes, and for how long. */
class PartitionUpdateRpcTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private void update(long uid, UpdatePartitionRequest.Builder request) throws Exception {
        cluster.client(uid).call(request.build(), UpdatePartitionResponse.class);
    }

    private PartitionRecord partition(String name) throws Exception {
        return cluster.client(ALICE).call(PartitionInfoRequest.newBuilder().setName(name).build(),
                PartitionInfoResponse.class).getPartitions(0);
    }

    private static UpdatePartitionRequest.Builder batch() {
        return UpdatePartitionRequest.newBuilder().setName("batch");
    }

    @Test
    void aPlainUserIsRefusedAndNothingChanges() throws Exception {
        // ESLURM_ACCESS_DENIED, which scontrol prints as Slurm's "Access/permission denied".
        assertThatThrownBy(() -> update(BOB, batch().setState(PartitionState.PARTITION_DOWN)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        assertThat(partition("batch").getState()).isEqualTo(PartitionState.PARTITION_UP);
    }

    @Test
    void stateDownMakesNewJobsPendWithPartitionDown() throws Exception {
        update(0, batch().setState(PartitionState.PARTITION_DOWN));
        assertThat(partition("batch").getState()).isEqualTo(PartitionState.PARTITION_DOWN);
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(5));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getStateReason()).isEqualTo("PartitionDown");

        update(0, batch().setState(PartitionState.PARTITION_UP));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getStateReason()).isNotEqualTo("PartitionDown");
    }

    @Test
    void aLowerMaxTimeHoldsBackLongerPendingJobsAndRefusesNewOnes() throws Exception {
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(30));
        update(0, batch().setMaxTimeMinutes(20));
        assertThat(partition("batch").getMaxTimeMinutes()).isEqualTo(20);
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getStateReason()).isEqualTo("PartitionTimeLimit");
        // EnforcePartLimits=ALL in the fixture: a new job over the new limit is refused at submission.
        assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(30)))
                .isInstanceOf(RpcException.class).hasMessageStartingWith("Requested time limit is invalid");
    }

    @Test
    void theCommonFieldsShowInPartitionInfo() throws Exception {
        update(0, UpdatePartitionRequest.newBuilder().setName("admin").setIsDefault(true).setHidden(true)
                .setMaxTimeMinutes(-1).setDefaultTimeMinutes(7).setMinNodes(1).setMaxNodes(1).setPriorityTier(5)
                .setPriorityJobFactor(3).setAllowGroups("wheel,users").setAllowAccounts("physics")
                .setNodes("gpu[01-02]").setOversubscribe("FORCE:2"));
        PartitionRecord admin = cluster.client(0).call(PartitionInfoRequest.newBuilder().setName("admin").build(),
                PartitionInfoResponse.class).getPartitions(0);
        assertThat(admin.getIsDefault()).isTrue();
        assertThat(admin.getHidden()).isTrue();
        assertThat(admin.getMaxTimeMinutes()).isEqualTo(SubmitValidator.UNLIMITED_MINUTES);
        assertThat(admin.getDefaultTimeMinutes()).isEqualTo(7);
        assertThat(admin.getMinNodes()).isEqualTo(1);
        assertThat(admin.getMaxNodes()).isEqualTo(1);
        assertThat(admin.getPriorityTier()).isEqualTo(5);
        assertThat(admin.getPriorityJobFactor()).isEqualTo(3);
        assertThat(admin.getAllowGroups()).isEqualTo("wheel,users");
        assertThat(admin.getAllowAccounts()).isEqualTo("physics");
        assertThat(admin.getNodes()).isEqualTo("gpu[01-02]");
        assertThat(admin.getTotalNodes()).isEqualTo(2);
        assertThat(admin.getOversubscribe()).isEqualTo("FORCE:2");
        // One default at a time.
        assertThat(partition("batch").getIsDefault()).isFalse();

        update(0, batch().setNodes("gpu02"));
        assertThat(partition("batch").getNodes()).isEqualTo("gpu02");
        update(0, batch().setNodes("ALL"));
        assertThat(partition("batch").getNodes()).isEqualTo("gpu[01-02]");
    }

    @Test
    void badUpdatesNameWhatIsWrongAndChangeNothing() throws Exception {
        assertThatThrownBy(() -> update(0, UpdatePartitionRequest.newBuilder().setName("nosuch")
                .setState(PartitionState.PARTITION_DOWN)))
                .isInstanceOf(RpcException.class).hasMessage("Invalid partition name specified");
        assertThatThrownBy(() -> update(0, batch().setState(PartitionState.PARTITION_DOWN).setNodes("gpu[01-09]")))
                .isInstanceOf(RpcException.class).hasMessage("Invalid node name specified");
        assertThatThrownBy(() -> update(0, batch().setRootOnly(true)))
                .isInstanceOf(RpcException.class).hasMessageContaining("not supported: RootOnly");
        assertThat(partition("batch").getState()).isEqualTo(PartitionState.PARTITION_UP);
        assertThat(partition("batch").getNodes()).isEqualTo("gpu[01-02]");
    }

    @Test
    void reconfigureAndRestartReadThePartitionFromSlurmConfAgain() throws Exception {
        update(0, batch().setState(PartitionState.PARTITION_DOWN).setMaxTimeMinutes(5));
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance(), ReconfigureResponse.class);
        assertThat(partition("batch").getState()).isEqualTo(PartitionState.PARTITION_UP);
        assertThat(partition("batch").getMaxTimeMinutes()).isEqualTo(60);

        update(0, batch().setState(PartitionState.PARTITION_DRAIN));
        cluster.close();
        cluster = new ControllerFixture(dir);
        assertThat(partition("batch").getState()).isEqualTo(PartitionState.PARTITION_UP);
    }
}
