package io.jslurm.slurmdbd.rpc;

import static io.jslurm.slurmdbd.rpc.AcctSamples.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdJobQueryResponse;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import io.jslurm.slurmdbd.storage.EventStore;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Records in and queries out through the real RPC server and an embedded MariaDB (one per class). */
class DbdServerTest {

    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("dbd-server");
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    @Test
    void aJobsLifeAndItsStepsComeBackAsSentAndReplaysChangeNothing() throws Exception {
        AcctJob pending = AcctSamples.pending("life", 7, "alice", "ml");
        AcctJob running = AcctSamples.running(pending, "gpu[01-02]");
        AcctJob cancelled = AcctSamples.ended(running, "CANCELLED", 0, 15).toBuilder().setCancelledBy(1001).build();
        AcctStep batch = AcctSamples.step(cancelled, -5, "batch");
        AcctStep extern = AcctSamples.step(cancelled, -4, "extern");
        AcctStep zero = AcctSamples.step(cancelled, 0, "python");
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            DbdRecordBatch all = DbdRecordBatch.newBuilder().addJobs(pending).addJobs(running).addJobs(cancelled)
                    .addSteps(zero).addSteps(extern).addSteps(batch).build();
            DbdRecordBatchResponse stored = controller.call(all, DbdRecordBatchResponse.class);
            assertThat(stored.getJobsStored()).isEqualTo(3);
            // Sent again, and the older states again on their own: nothing changes.
            controller.call(all, DbdRecordBatchResponse.class);
            controller.call(DbdRecordBatch.newBuilder().addJobs(running).build(), DbdRecordBatchResponse.class);

            DbdJobQueryResponse answer = controller.call(DbdJobQuery.newBuilder().setCluster("life").setWithSteps(true)
                    .build(), DbdJobQueryResponse.class);
            assertThat(answer.getJobsList()).containsExactly(cancelled);
            assertThat(answer.getStepsList()).containsExactly(batch, extern, zero);
        }
        assertThat(dbd.count("SELECT COUNT(*) FROM job_table WHERE cluster = 'life'")).isEqualTo(1);
        assertThat(dbd.count("SELECT COUNT(*) FROM step_table WHERE cluster = 'life'")).isEqualTo(3);
    }

    @Test
    void queriesSelectByUserAccountStateIdNamePartitionNodeAndWindow() throws Exception {
        try (RpcClient<DbdMessage> controller = dbd.client(DbdFixture.SLURM_USER)) {
            controller.call(DbdRecordBatch.newBuilder()
                    .addJobs(AcctSamples.completed("filters", 1, "alice", "ml"))
                    .addJobs(AcctSamples.ended(AcctSamples.running(AcctSamples.pending("filters", 2, "bob", "vision"), "gpu07"), "FAILED", 1, 0))
                    .addJobs(AcctSamples.pending("filters", 3, "alice", "vision").toBuilder().setName("eval").setPartition("cpu").build())
                    .build(), DbdRecordBatchResponse.class);
            assertThat(ids(controller, q().addUsers("alice"))).containsExactly(1, 3);
            assertThat(ids(controller, q().addAccounts("vision"))).containsExactly(2, 3);
            assertThat(ids(controller, q().addStates("FAILED").addStates("PENDING"))).containsExactly(2, 3);
            assertThat(ids(controller, q().addJobIds(2))).containsExactly(2);
            assertThat(ids(controller, q().addNames("eval"))).containsExactly(3);
            assertThat(ids(controller, q().addPartitions("cpu"))).containsExactly(3);
            assertThat(ids(controller, q().setNodeList("gpu[05-08]"))).containsExactly(2);
            // Jobs 1 and 2 ended an hour after starting; a window after that holds only the pending one.
            assertThat(ids(controller, q().setWindowStart(T0 + 2 * 3600))).containsExactly(3);
            assertThat(ids(controller, q().setWindowEnd(T0 + 2))).containsExactly(1);
        }
    }

    @Test
    void onlyRootAndSlurmUserMayWriteRecordsButAnyUserMayQuery() throws Exception {
        try (RpcClient<DbdMessage> user = dbd.client(1001)) {
            assertThatThrownBy(() -> user.call(DbdRecordBatch.newBuilder()
                    .addJobs(AcctSamples.completed("denied", 1, "mallory", "ml")).build(), DbdRecordBatchResponse.class))
                    .isInstanceOf(RpcException.class).hasMessageContaining("denied");
            assertThat(user.call(q().setCluster("denied").build(), DbdJobQueryResponse.class).getJobsCount()).isZero();
        }
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            controller.call(DbdRecordBatch.newBuilder().addJobs(AcctSamples.completed("denied", 1, "alice", "ml")).build(),
                    DbdRecordBatchResponse.class);
        }
        try (RpcClient<DbdMessage> user = dbd.client(1001)) {
            assertThat(user.call(q().setCluster("denied").build(), DbdJobQueryResponse.class).getJobsCount()).isOne();
        }
    }

    @Test
    void aMalformedRecordIsRefusedWithoutStoringAnythingOfItsBatch() throws Exception {
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            DbdRecordBatch bad = DbdRecordBatch.newBuilder()
                    .addJobs(AcctSamples.completed("malformed", 1, "alice", "ml"))
                    .addJobs(AcctSamples.completed("malformed", 2, "alice", "ml").toBuilder().setState("NO_SUCH_STATE").build())
                    .build();
            assertThatThrownBy(() -> controller.call(bad, DbdRecordBatchResponse.class))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(DbdErrors.MALFORMED_RECORD))
                    .hasMessageContaining("job 2");
        }
        assertThat(dbd.count("SELECT COUNT(*) FROM job_table WHERE cluster = 'malformed'")).isZero();
    }

    @Test
    void nodeEventsAreKeptAndANewOneEndsTheOpenOne() throws Exception {
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            DbdNodeState down = DbdNodeState.newBuilder().setCluster("events").setNodeName("gpu03").setState("DOWN")
                    .setReason("Not responding").setTime(T0).build();
            DbdNodeState drain = down.toBuilder().setState("DRAIN").setReason("bad GPU").setReasonUid(1001).setTime(T0 + 600).build();
            controller.call(DbdRecordBatch.newBuilder().addNodeEvents(down).addNodeEvents(drain).addNodeEvents(down).build(),
                    DbdRecordBatchResponse.class);
        }
        List<EventStore.NodeEvent> events = new EventStore(dbd.database.dataSource()).forNode("events", "gpu03");
        assertThat(events).extracting(EventStore.NodeEvent::state).containsExactly("DOWN", "DRAIN");
        assertThat(dbd.count("SELECT time_end FROM event_table WHERE cluster = 'events' AND state = 'DOWN'")).isEqualTo(T0 + 600);
    }

    @Test
    void ingestThroughTheRpcServer() throws Exception {
        double best = 0;
        for (int round = 0; round < 3; round++) {
            String cluster = "ingest" + round;
            List<DbdRecordBatch> batches = new ArrayList<>();
            for (int from = 1; from <= 20_000; from += 1_000) {
                DbdRecordBatch.Builder b = DbdRecordBatch.newBuilder();
                for (int id = from; id < from + 1_000; id++) {
                    b.addJobs(AcctSamples.completed(cluster, id, "user" + id % 50, "acct" + id % 7));
                }
                batches.add(b.build());
            }
            long started = System.nanoTime();
            try (RpcClient<DbdMessage> controller = dbd.client(0)) {
                for (DbdRecordBatch batch : batches) {
                    controller.call(batch, DbdRecordBatchResponse.class);
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            best = Math.max(best, 20_000 / seconds);
            assertThat(dbd.count("SELECT COUNT(*) FROM job_table WHERE cluster = '" + cluster + "'")).isEqualTo(20_000);
        }
        System.out.printf("FIGURE slurmdbd RPC ingest: %.0f job records/s (best of 3 rounds of 20,000, batches of 1,000)%n", best);
    }

    private static DbdJobQuery.Builder q() {
        return DbdJobQuery.newBuilder().setCluster("filters");
    }

    private static List<Integer> ids(RpcClient<DbdMessage> client, DbdJobQuery.Builder query) throws Exception {
        return client.call(query.build(), DbdJobQueryResponse.class).getJobsList().stream().map(AcctJob::getJobId).toList();
    }
}
