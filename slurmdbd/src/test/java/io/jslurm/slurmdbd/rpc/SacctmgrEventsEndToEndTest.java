package io.jslurm.slurmdbd.rpc;

import static io.jslurm.slurmdbd.rpc.AcctSamples.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.cli.sdiag.UserNames;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Node events as the controller sends them (replays and restarts included), stored by the real slurmdbd and
 * listed by {@code sacctmgr show event} with its filters and Slurm's columns.
 */
class SacctmgrEventsEndToEndTest {

    private static final String CLUSTER = "evt";
    private static DbdFixture dbd;
    private static UserNames users;
    private String error;

    private static DbdNodeState.Builder event(String node, long time) {
        return DbdNodeState.newBuilder().setCluster(CLUSTER).setNodeName(node).setTime(time).setTres("1=8,2=16000,4=1");
    }

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("sacctmgr-events");
        Path passwd = dbd.home.resolve("passwd");
        Files.writeString(passwd, "root:x:0:0::/root:/bin/sh\nalice:x:1001:100::/home/alice:/bin/sh\n"
                + "slurm:x:64030:64030::/:/bin/false\n");
        users = new UserNames(passwd);
        DbdRecordBatch life = DbdRecordBatch.newBuilder()
                .addNodeEvents(DbdNodeState.newBuilder().setCluster(CLUSTER).setNodeName("").setState("CLUSTER_TRES")
                        .setReason("Cluster Registered TRES").setTime(T0).setTres("1=16,2=32000,4=2"))
                .addNodeEvents(event("gpu01", T0 + 100).setState("DRAIN").setReason("bad gpu").setReasonUid(1001))
                .addNodeEvents(event("gpu02", T0 + 200).setState("DOWN*").setReason("Not responding")
                        .setReasonUid(64030))
                .addNodeEvents(event("gpu02", T0 + 500).setBackInService(true).setTres(""))
                .build();
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            controller.call(life, DbdRecordBatchResponse.class);
            // The queue sends a batch again when its answer was lost; a restarted controller tells its drained
            // node again, from when its reason was set, and again at a later start.
            controller.call(life, DbdRecordBatchResponse.class);
            controller.call(DbdRecordBatch.newBuilder().addNodeEvents(life.getNodeEvents(1)).build(),
                    DbdRecordBatchResponse.class);
            controller.call(DbdRecordBatch.newBuilder().addNodeEvents(life.getNodeEvents(1).toBuilder()
                    .setTime(T0 + 900)).build(), DbdRecordBatchResponse.class);
        }
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    /** sacctmgr an hour after T0, in UTC. */
    private String sacctmgr(String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(1001), CLUSTER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Sacctmgr(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), daemon,
                InstantSource.fixed(Instant.ofEpochSecond(T0 + 3600)), ZoneOffset.UTC, users).run(List.of(args));
        error = err.toString(StandardCharsets.UTF_8);
        return status == 0 ? out.toString(StandardCharsets.UTF_8) : "exit " + status;
    }

    @Test
    void replaysAndRestartsLeaveOneRowPerEvent() throws Exception {
        assertThat(dbd.count("SELECT COUNT(*) FROM event_table WHERE cluster = 'evt'")).isEqualTo(3);
        assertThat(dbd.count("SELECT time_end FROM event_table WHERE cluster = 'evt' AND node_name = 'gpu02'"))
                .isEqualTo(T0 + 500);
    }

    @Test
    void theDefaultListingShowsTheClusterAndItsNodesWithSlurmsColumns() {
        assertThat(sacctmgr("show", "event")).isEqualTo("""
                   Cluster        NodeName           TimeStart             TimeEnd  State                         Reason       User\s
                ---------- --------------- ------------------- ------------------- ------ ------------------------------ ----------\s
                       evt                 2026-11-01T00:00:00             Unknown               Cluster Registered TRES           \s
                       evt           gpu01 2026-11-01T00:01:40             Unknown  DRAIN                        bad gpu alice(100+\s
                       evt           gpu02 2026-11-01T00:03:20 2026-11-01T00:08:20  DOWN*                 Not responding slurm(640+\s
                """);
    }

    @Test
    void parsableOutputSelectedByNodes() {
        assertThat(sacctmgr("-P", "-n", "list", "events", "nodes=gpu01")).isEqualTo(
                "evt|gpu01|2026-11-01T00:01:40|Unknown|DRAIN|bad gpu|alice(1001)\n");
        assertThat(sacctmgr("-p", "show", "event", "nodes=gpu[02-03]", "format=NodeName,Duration,StateRaw,Event"))
                .isEqualTo("NodeName|Duration|StateRaw|Event|\ngpu02|00:05:00|2049|Node|\n");
    }

    @Test
    void statesWithoutStartAreTheEventsStillOpenInThoseStates() {
        assertThat(sacctmgr("-P", "-n", "show", "event", "states=drain", "format=NodeName")).isEqualTo("gpu01\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "states=down", "format=NodeName")).isEmpty();
        assertThat(sacctmgr("-P", "-n", "show", "event", "states=down", "start=2026-11-01T00:00:00",
                "format=NodeName,End")).isEqualTo("gpu02|2026-11-01T00:08:20\n");
    }

    @Test
    void aWindowUsersAndTheEventTypeSelect() {
        assertThat(sacctmgr("-P", "-n", "show", "event", "start=2026-11-01T00:10:00", "format=NodeName,Event"))
                .isEqualTo("|Cluster\ngpu01|Node\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "end=2026-11-01T00:00:50", "format=Event"))
                .isEqualTo("Cluster\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "users=slurm", "format=NodeName")).isEqualTo("gpu02\n");
        assertThat(sacctmgr("-P", "show", "event", "event=cluster")).isEqualTo(
                "Cluster|TRES|TimeStart|TimeEnd|ClusterNodes\nevt|cpu=16,mem=32000M,node=2|2026-11-01T00:00:00|Unknown|\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "event=node", "condflags=open", "format=NodeName"))
                .isEqualTo("gpu01\n");
    }

    @Test
    void theDefaultWindowStartsAtMidnightOfThePreviousDayAndAllTimeLiftsIt() {
        String twoDaysLater = "2026-11-03T12:00:00";
        assertThat(sacctmgr("-P", "-n", "show", "event", "format=NodeName", "end=" + twoDaysLater)).isEqualTo(
                "\ngpu01\ngpu02\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "all_time", "format=NodeName")).isEqualTo(
                "\ngpu01\ngpu02\n");
        assertThat(sacctmgr("-P", "-n", "show", "event", "cluster=other", "all_time")).isEmpty();
    }

    @Test
    void badConditionsAndFieldsAreRefusedByName() {
        assertThat(sacctmgr("show", "event", "colour=blue")).isEqualTo("exit 1");
        assertThat(error).contains("Unknown condition: colour=blue");
        assertThat(sacctmgr("show", "event", "format=NodeName,Colour")).isEqualTo("exit 1");
        assertThat(error).contains("Unknown field 'Colour'");
        assertThat(sacctmgr("show", "event", "event=rack")).isEqualTo("exit 1");
        assertThat(error).contains("Unknown event type: 'rack'  Valid events are Cluster and Node.");
        assertThat(sacctmgr("show", "event", "start=yesterday-ish")).isEqualTo("exit 1");
        assertThat(error).contains("Invalid time specification: yesterday-ish");
        assertThat(sacctmgr("delete", "event", "nodes=gpu01")).isEqualTo("exit 1");
        assertThat(error).contains("Events can only be listed");
    }
}
