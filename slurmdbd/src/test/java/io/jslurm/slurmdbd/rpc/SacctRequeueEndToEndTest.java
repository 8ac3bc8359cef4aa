package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacct.Sacct;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A requeued job as the controller records it (the ended run keeps its record, now REQUEUED; the next run is a
 * new record with a new submit time), stored by the real slurmdbd and read back by sacct with and without -D.
 */
class SacctRequeueEndToEndTest {

    private static final String CLUSTER = "rq";
    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("sacct-requeue");
        AcctJob submitted = AcctSamples.pending(CLUSTER, 7, "alice", "ml");
        AcctJob firstRun = AcctSamples.running(submitted, "gpu01");
        long requeuedAt = firstRun.getStartTime() + 600;
        AcctJob ended = firstRun.toBuilder().setState("REQUEUED").setEndTime(requeuedAt)
                .setRecordTimeMs(requeuedAt * 1000).build();
        AcctJob again = submitted.toBuilder().setSubmitTime(requeuedAt).setEligibleTime(requeuedAt).setRestartCount(1)
                .setRecordTimeMs(requeuedAt * 1000).build();
        AcctJob secondRun = AcctSamples.running(again, "gpu02");
        AcctStep firstBatch = AcctSamples.step(ended, -5, "batch").toBuilder().setState("CANCELLED").setExitSignal(15).build();
        AcctStep secondBatch = AcctSamples.step(secondRun, -5, "batch").toBuilder().setState("RUNNING").setEndTime(0)
                .setRecordTimeMs(secondRun.getRecordTimeMs()).build();
        store(DbdRecordBatch.newBuilder().addJobs(submitted).addJobs(firstRun).addJobs(ended).addJobs(again)
                .addJobs(secondRun).addSteps(firstBatch).addSteps(secondBatch).build());
        // The controller resends what it is unsure was stored: the old run's records again, one of them
        // stamped as late as its end. Neither may add a row or undo the REQUEUED state.
        store(DbdRecordBatch.newBuilder().addJobs(submitted).addJobs(firstRun).addJobs(ended)
                .addJobs(firstRun.toBuilder().setRecordTimeMs(ended.getRecordTimeMs())).build());
        // Job 8 is requeued in the millisecond it started: the REQUEUED record must still replace the RUNNING one.
        AcctJob started = AcctSamples.running(AcctSamples.pending(CLUSTER, 8, "alice", "ml"), "gpu03");
        store(DbdRecordBatch.newBuilder().addJobs(started)
                .addJobs(started.toBuilder().setState("REQUEUED").setEndTime(started.getStartTime())).build());
    }

    private static void store(DbdRecordBatch batch) throws Exception {
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            controller.call(batch, DbdRecordBatchResponse.class);
        }
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    private static String sacct(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InstantSource now = InstantSource.fixed(Instant.ofEpochSecond(AcctSamples.T0 + 86_400));
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(0), CLUSTER);
        int rc = new Sacct(new PrintStream(out, false, StandardCharsets.UTF_8), System.err, now, ZoneOffset.UTC,
                new ClientIdentity(0, 0, "root"), daemon).run(List.of(args));
        assertThat(rc).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withoutDuplicatesOnlyTheLatestRunIsShown() {
        assertThat(sacct("-j", "7", "-X", "-P", "-o", "JobID,State,NodeList,Submit")).isEqualTo("""
                JobID|State|NodeList|Submit
                7|RUNNING|gpu02|2026-11-01T00:11:07
                """);
    }

    @Test
    void duplicatesShowEveryRunOldestFirstWithItsOwnSteps() {
        assertThat(sacct("-D", "-j", "7", "-P", "-o", "JobID,State,NodeList,Submit,Start,End")).isEqualTo("""
                JobID|State|NodeList|Submit|Start|End
                7|REQUEUED|gpu01|2026-11-01T00:00:07|2026-11-01T00:01:07|2026-11-01T00:11:07
                7.batch|CANCELLED|gpu01|2026-11-01T00:01:07|2026-11-01T00:01:07|2026-11-01T00:11:07
                7|RUNNING|gpu02|2026-11-01T00:11:07|2026-11-01T00:12:07|Unknown
                7.batch|RUNNING|gpu02|2026-11-01T00:12:07|2026-11-01T00:12:07|Unknown
                """);
    }

    @Test
    void aRunRequeuedAsItStartedEndsRequeued() {
        assertThat(sacct("-D", "-j", "8", "-X", "-P", "-o", "JobID,State,NodeList")).isEqualTo("""
                JobID|State|NodeList
                8|REQUEUED|gpu03
                """);
    }

    @Test
    void theRequeuedRunIsFoundByItsState() {
        // Requeued within the window: the run that ended then, not the one that followed.
        assertThat(sacct("--duplicates", "-a", "-X", "-P", "-s", "RQ",
                "-S", "2026-11-01T00:05:00", "-E", "2026-11-01T00:06:00", "-o", "JobID,State,NodeList"))
                .isEqualTo("""
                        JobID|State|NodeList
                        7|REQUEUED|gpu01
                        """);
    }
}
