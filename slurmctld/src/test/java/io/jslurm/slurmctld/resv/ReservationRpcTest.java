package io.jslurm.slurmctld.resv;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.BOB;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeStateFlag;
import io.jslurm.protocol.proto.ReservationInfoRequest;
import io.jslurm.protocol.proto.ReservationInfoResponse;
import io.jslurm.protocol.proto.ReservationRecord;
import io.jslurm.protocol.proto.ReservationRequest;
import io.jslurm.protocol.proto.ReservationResponse;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** scontrol's reservation requests against a controller with two registered 8-core nodes, and jobs around them. */
@ExtendWith(ControllerFixtureExtension.class)
class ReservationRpcTest {

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    private String create(long uid, String... words) throws Exception {
        return cluster.client(uid).call(ReservationRequest.newBuilder().setAction(ReservationRequest.Action.RESV_CREATE)
                .addAllWords(List.of(words)).build(), ReservationResponse.class).getName();
    }

    private void change(ReservationRequest.Action action, String... words) throws Exception {
        cluster.client(0).call(ReservationRequest.newBuilder().setAction(action).addAllWords(List.of(words)).build(),
                ReservationResponse.class);
    }

    private List<ReservationRecord> show() throws Exception {
        return cluster.client(ALICE).call(ReservationInfoRequest.getDefaultInstance(), ReservationInfoResponse.class)
                .getReservationsList();
    }

    private NodeRecord node(String name) throws Exception {
        return cluster.client(ALICE).call(NodeInfoRequest.newBuilder().setShowAll(true).build(), NodeInfoResponse.class)
                .getNodesList().stream().filter(n -> n.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void anActiveReservationKeepsItsNodeForItsUsers() throws Exception {
        assertThat(create(0, "ReservationName=r1", "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice"))
                .isEqualTo("r1");

        ReservationRecord shown = show().get(0);
        assertThat(shown.getNodes()).isEqualTo("gpu01");
        assertThat(shown.getCoreCount()).isEqualTo(8);
        assertThat(shown.getActive()).isTrue();
        assertThat(shown.getFlagsList()).containsExactly("SPEC_NODES");
        assertThat(shown.getEndTime() - shown.getStartTime()).isEqualTo(3600);
        assertThat(node("gpu01").getStateFlagsList()).contains(NodeStateFlag.NODE_FLAG_RESERVED);
        assertThat(node("gpu02").getStateFlagsList()).doesNotContain(NodeStateFlag.NODE_FLAG_RESERVED);

        long bob1 = cluster.submit(BOB, job(BOB, "bob").setNtasks(8).setTimeLimitMinutes(30));
        long bob2 = cluster.submit(BOB, job(BOB, "bob").setNtasks(8).setTimeLimitMinutes(30));
        long alice = cluster.submit(ALICE, job(ALICE, "alice").setNtasks(8).setTimeLimitMinutes(30)
                .setReservation("r1"));
        cluster.controller.loop().runPass();

        assertThat(cluster.job(bob1).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(bob1).getNodeList()).isEqualTo("gpu02");
        assertThat(cluster.job(bob2).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(alice).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(alice).getNodeList()).isEqualTo("gpu01");
        assertThat(cluster.controller.store().get(alice).orElseThrow().spec().reservation()).isEqualTo("r1");
    }

    @Test
    void submitRefusesAnUnknownReservationAndUsersItDoesNotAdmit() throws Exception {
        create(0, "ReservationName=r1", "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice");

        assertThatThrownBy(() -> cluster.submit(BOB, job(BOB, "bob").setReservation("r1")))
                .isInstanceOf(RpcException.class).hasMessageContaining("Access denied to requested reservation");
        assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setReservation("nope")))
                .isInstanceOf(RpcException.class).hasMessageContaining("Requested reservation is invalid");
    }

    @Test
    void onlyOperatorsCreateAndBadRequestsGetSlurmsErrors() throws Exception {
        assertThatThrownBy(() -> create(ALICE, "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice"))
                .isInstanceOf(RpcException.class);
        assertThatThrownBy(() -> create(0, "StartTime=now", "Duration=60", "Nodes=gpu09", "Users=alice"))
                .hasMessageContaining("Invalid node name specified");
        assertThatThrownBy(() -> create(0, "StartTime=now", "Duration=60", "Nodes=gpu01"))
                .hasMessageContaining("Reservation request lacks users, accounts or groups");
        assertThatThrownBy(() -> create(0, "StartTime=tomorrowish", "Duration=60", "Nodes=gpu01", "Users=alice"))
                .hasMessageContaining("Invalid time specified");
        assertThat(create(0, "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice")).isEqualTo("alice_1");
        assertThatThrownBy(() -> create(0, "StartTime=now+30minutes", "Duration=60", "Nodes=gpu01", "Users=bob"))
                .hasMessageContaining("Requested reservation overlaps with another reservation");
        assertThat(create(0, "StartTime=now+30minutes", "Duration=60", "Nodes=gpu01", "Users=bob", "Flags=OVERLAP"))
                .isEqualTo("bob_2");
    }

    @Test
    void nodesRunningJobsAreBusyUnlessTheReservationIgnoresJobs() throws Exception {
        long running = cluster.submit(BOB, job(BOB, "bob").setNtasks(8).setTimeLimitMinutes(30));
        cluster.controller.loop().runPass();
        String busyNode = cluster.job(running).getNodeList();

        assertThatThrownBy(() -> create(0, "StartTime=now", "Duration=60", "Nodes=" + busyNode, "Users=alice"))
                .hasMessageContaining("Requested nodes are busy");
        // After the running job's time limit the node is free.
        assertThat(create(0, "StartTime=now+30minutes", "Duration=60", "Nodes=" + busyNode, "Users=alice"))
                .isNotEmpty();
        assertThat(create(0, "StartTime=now", "Duration=10", "Nodes=" + busyNode, "Users=alice",
                "Flags=IGNORE_JOBS,OVERLAP")).isNotEmpty();
        // NodeCnt picks the node no job holds.
        String counted = create(0, "ReservationName=counted", "StartTime=now", "Duration=10", "NodeCnt=1",
                "Users=alice");
        assertThat(show().stream().filter(r -> r.getName().equals(counted)).findFirst().orElseThrow().getNodes())
                .isNotEqualTo(busyNode);
    }

    @Test
    void aJobReachingIntoAFutureMaintenanceWaitsWithSlurmsReason() throws Exception {
        create(0, "ReservationName=maint", "StartTime=now+20minutes", "Duration=60", "Nodes=ALL", "Users=root",
                "Flags=MAINT");
        assertThat(show().get(0).getFlagsList()).containsExactly("MAINT", "SPEC_NODES", "ALL_NODES");
        assertThat(show().get(0).getActive()).isFalse();

        long longJob = cluster.submit(BOB, job(BOB, "bob").setTimeLimitMinutes(30));
        long shortJob = cluster.submit(BOB, job(BOB, "bob").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();

        assertThat(cluster.job(longJob).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.controller.loop().pendingReason(longJob))
                .contains("ReqNodeNotAvail, Reserved for maintenance");
        assertThat(cluster.job(shortJob).getState()).isEqualTo(JobState.JOB_RUNNING);

        cluster.clock.advance(Duration.ofMinutes(20));
        assertThat(node("gpu02").getStateFlagsList()).contains(NodeStateFlag.NODE_FLAG_MAINTENANCE);
    }

    @Test
    void aJobOfAFutureReservationWaitsWithReasonReservationAndStartsWhenItOpens() throws Exception {
        create(0, "ReservationName=later", "StartTime=now+1hour", "Duration=30", "Nodes=gpu02", "Users=alice");
        long waiting = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10).setReservation("later"));
        cluster.controller.loop().runPass();
        assertThat(cluster.controller.loop().pendingReason(waiting)).contains("Reservation");

        cluster.clock.advance(Duration.ofHours(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(waiting).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(waiting).getNodeList()).isEqualTo("gpu02");
    }

    @Test
    void updateAndDeleteChangeWhatShowSays() throws Exception {
        create(0, "ReservationName=r1", "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice");

        change(ReservationRequest.Action.RESV_UPDATE, "ReservationName=r1", "Duration=120", "Users=alice,bob",
                "Nodes=gpu[01-02]");
        change(ReservationRequest.Action.RESV_UPDATE, "ReservationName=r1", "Flags+=MAINT");
        ReservationRecord updated = show().get(0);
        assertThat(updated.getEndTime() - updated.getStartTime()).isEqualTo(7200);
        assertThat(updated.getUsers()).isEqualTo("alice,bob");
        assertThat(updated.getNodes()).isEqualTo("gpu[01-02]");
        assertThat(updated.getFlagsList()).containsExactly("MAINT", "SPEC_NODES");

        change(ReservationRequest.Action.RESV_DELETE, "ReservationName=r1");
        assertThat(show()).isEmpty();
        assertThatThrownBy(() -> change(ReservationRequest.Action.RESV_DELETE, "ReservationName=r1"))
                .hasMessageContaining("Requested reservation is invalid");
    }

    @Test
    void anEndedReservationIsPurgedAndADailyOneMovesOn() throws Exception {
        create(0, "ReservationName=once", "StartTime=now", "Duration=60", "Nodes=gpu01", "Users=alice");
        create(0, "ReservationName=daily", "StartTime=now", "Duration=60", "Nodes=gpu02", "Users=alice",
                "Flags=DAILY");
        long start = show().get(1).getStartTime();

        cluster.clock.advance(Duration.ofMinutes(90));

        assertThat(show()).extracting(ReservationRecord::getName).containsExactly("daily");
        assertThat(show().get(0).getStartTime()).isEqualTo(start + 86_400);
        assertThat(show().get(0).getActive()).isFalse();
    }
}
