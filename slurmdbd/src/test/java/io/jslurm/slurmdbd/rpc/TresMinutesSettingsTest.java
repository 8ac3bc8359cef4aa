package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdQosRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GrpTRESMins, MaxTRESMins and GrpWall as sacctmgr sets and shows them, and as a controller reads them. */
class TresMinutesSettingsTest {

    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("tres-minutes");
        sacctmgr("add", "cluster", "gpu");
        sacctmgr("add", "account", "ml");
        sacctmgr("add", "user", "alice", "Account=ml");
        sacctmgr("add", "qos", "quota", "GrpTRESMins=cpu=600,gres/gpu=60", "MaxTRESMins=cpu=100", "GrpWall=1:30:00");
        sacctmgr("modify", "account", "ml", "set", "GrpTRESMins=cpu=1000", "MaxTRESMinsPerJob=gres/gpu=10",
                "GrpWall=30");
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    private static String sacctmgr(String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(0), "gpu");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> command = new ArrayList<>(List.of("-i"));
        command.addAll(List.of(args));
        int status = new Sacctmgr(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), daemon).run(command);
        assertThat(status).as("sacctmgr %s: %s", List.of(args), err).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void sacctmgrShowsTheMinutesLimits() {
        assertThat(sacctmgr("-P", "-n", "show", "qos", "quota", "format=name,grptresmins,maxtresmins,grpwall"))
                .isEqualTo("quota|cpu=600,gres/gpu=60|cpu=100|01:30:00\n");
        assertThat(sacctmgr("-P", "-n", "show", "association", "where", "account=ml",
                "format=account,user,grptresmins,maxtresmins,grpwall").split("\n"))
                .contains("ml||cpu=1000|gres/gpu=10|00:30:00");
    }

    @Test
    void theControllersCopyHasThem() throws Exception {
        DbdAssocSnapshot s;
        try (RpcClient<DbdMessage> client = dbd.client(DbdFixture.SLURM_USER)) {
            s = client.call(DbdAssocSnapshotRequest.newBuilder().setCluster("gpu").build(), DbdAssocSnapshot.class);
        }
        DbdQosRecord quota = s.getQosList().stream().filter(q -> q.getName().equals("quota")).findFirst()
                .orElseThrow();
        assertThat(quota.getGrpTresMins()).isEqualTo("cpu=600,gres/gpu=60");
        assertThat(quota.getMaxTresMinsPerJob()).isEqualTo("cpu=100");
        assertThat(quota.getGrpWallMinutes()).isEqualTo(90);
        DbdAssocRecord ml = s.getAssociationsList().stream()
                .filter(a -> a.getAccount().equals("ml") && a.getUser().isEmpty()).findFirst().orElseThrow();
        assertThat(ml.getGrpTresMins()).isEqualTo("cpu=1000");
        assertThat(ml.getMaxTresMinsPerJob()).isEqualTo("gres/gpu=10");
        assertThat(ml.getGrpWallMinutes()).isEqualTo(30);
    }
}
