package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.proto.DbdUserRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What a controller gets back after the seed's sacctmgr set-up: users, QOS and the association tree. */
class AssocSnapshotTest {

    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("assoc-snapshot");
        sacctmgr("add", "cluster", "gpu");
        sacctmgr("add", "account", "ml", "Description=machine learning", "Organization=research");
        sacctmgr("add", "user", "alice", "Account=ml", "AdminLevel=Operator");
        sacctmgr("add", "qos", "normal-train", "Priority=10", "MaxTRESPerUser=gres/gpu=32", "MaxJobsPerUser=10");
        sacctmgr("add", "qos", "priority-train", "Priority=100", "MaxTRESPerUser=gres/gpu=64",
                "MaxWallDurationPerJob=7-00:00:00");
        sacctmgr("modify", "user", "alice", "set", "qos=normal-train,priority-train");
        sacctmgr("modify", "account", "ml", "set", "GrpTRES=gres/gpu=48", "GrpJobs=20");
        sacctmgr("modify", "user", "alice", "set", "DefaultQOS=normal-train");
        sacctmgr("modify", "qos", "priority-train", "set", "Preempt=normal-train", "GraceTime=120");
        sacctmgr("modify", "qos", "normal-train", "set", "PreemptMode=requeue", "PreemptExemptTime=10:00");
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    private static void sacctmgr(String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(0), "gpu");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> command = new java.util.ArrayList<>(List.of("-i"));
        command.addAll(List.of(args));
        int status = new Sacctmgr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), daemon).run(command);
        assertThat(status).as("sacctmgr %s: %s", List.of(args), err).isZero();
    }

    private static DbdAssocSnapshot snapshot(long uid) throws Exception {
        try (RpcClient<DbdMessage> client = dbd.client(uid)) {
            return client.call(DbdAssocSnapshotRequest.newBuilder().setCluster("gpu").build(),
                    DbdAssocSnapshot.class);
        }
    }

    @Test
    void theSeedsQosComeBackWithTheirLimits() throws Exception {
        DbdAssocSnapshot s = snapshot(DbdFixture.SLURM_USER);

        DbdQosRecord normalTrain = s.getQosList().stream().filter(q -> q.getName().equals("normal-train"))
                .findFirst().orElseThrow();
        assertThat(normalTrain.getPriority()).isEqualTo(10);
        assertThat(normalTrain.getMaxTresPerUser()).isEqualTo("gres/gpu=32");
        assertThat(normalTrain.getMaxJobsPerUser()).isEqualTo(10);
        assertThat(normalTrain.hasGrpJobs()).isFalse();
        DbdQosRecord priorityTrain = s.getQosList().stream().filter(q -> q.getName().equals("priority-train"))
                .findFirst().orElseThrow();
        assertThat(priorityTrain.getMaxWallMinutes()).isEqualTo(7 * 24 * 60);
        assertThat(s.getQosList()).extracting(DbdQosRecord::getName).contains("normal");
    }

    @Test
    void usersAndTheAssociationTreeComeBack() throws Exception {
        DbdAssocSnapshot s = snapshot(0);

        DbdUserRecord alice = s.getUsersList().stream().filter(u -> u.getName().equals("alice")).findFirst()
                .orElseThrow();
        assertThat(alice.getAdminLevel()).isEqualTo("Operator");
        assertThat(alice.getDefaultAccount()).isEqualTo("ml");
        DbdAssocRecord aliceAssoc = s.getAssociationsList().stream()
                .filter(a -> a.getUser().equals("alice")).findFirst().orElseThrow();
        assertThat(aliceAssoc.getAccount()).isEqualTo("ml");
        assertThat(aliceAssoc.getQos()).isEqualTo("normal-train,priority-train");
        assertThat(aliceAssoc.getIsDefault()).isTrue();
        assertThat(aliceAssoc.getDefaultQos()).isEqualTo("normal-train");
        DbdAssocRecord ml = s.getAssociationsList().stream()
                .filter(a -> a.getAccount().equals("ml") && a.getUser().isEmpty()).findFirst().orElseThrow();
        assertThat(ml.getParentAccount()).isEqualTo("root");
        assertThat(ml.getGrpTres()).isEqualTo("gres/gpu=48");
        assertThat(ml.getGrpJobs()).isEqualTo(20);
        assertThat(s.getAssociationsList()).anyMatch(a -> a.getAccount().equals("root") && a.getUser().isEmpty());
    }

    @Test
    void qosComeBackWithTheirPreemptListsByNameModesAndGraceTimes() throws Exception {
        DbdAssocSnapshot s = snapshot(DbdFixture.SLURM_USER);

        DbdQosRecord priorityTrain = s.getQosList().stream().filter(q -> q.getName().equals("priority-train"))
                .findFirst().orElseThrow();
        assertThat(priorityTrain.getPreemptList()).containsExactly("normal-train");
        assertThat(priorityTrain.getGraceTimeSeconds()).isEqualTo(120);
        assertThat(priorityTrain.getPreemptMode()).isEqualTo("OFF");
        DbdQosRecord normalTrain = s.getQosList().stream().filter(q -> q.getName().equals("normal-train"))
                .findFirst().orElseThrow();
        assertThat(normalTrain.getPreemptList()).isEmpty();
        assertThat(normalTrain.getPreemptMode()).isEqualTo("REQUEUE");
        assertThat(normalTrain.hasGraceTimeSeconds()).isFalse();
        assertThat(normalTrain.getPreemptExemptSeconds()).isEqualTo(600);
        assertThat(priorityTrain.hasPreemptExemptSeconds()).isFalse();
    }

    @Test
    void onlyControllersMayAsk() {
        assertThatThrownBy(() -> snapshot(1001)).isInstanceOf(RpcException.class)
                .hasMessageContaining("denied");
    }
}
