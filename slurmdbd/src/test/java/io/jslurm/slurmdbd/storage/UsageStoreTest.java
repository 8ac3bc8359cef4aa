package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.storage.EventStore.NodeEvent;
import io.jslurm.slurmdbd.usage.UsageStore;
import io.jslurm.slurmdbd.usage.UserAccount;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Rollups from job records and capacity events, as sreport reads them. */
class UsageStoreTest {

    private static final String CLUSTER = "usage";
    private static final Instant DAY1 = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant DAY2 = Instant.parse("2026-11-02T00:00:00Z");
    private static final InstantSource NOW = InstantSource.fixed(Instant.parse("2026-11-02T12:30:00Z"));

    private static AccountingDatabase database;
    private static JobStore jobs;
    private static UsageStore usage;

    @BeforeAll
    static void start() throws Exception {
        database = AccountingDatabase.open(StorageSettings.embedded(TestServers.freshHome("usage").resolve("db"),
                TestServers.freePort()), TestServers.binaries(), Migrations.load(Migrations.ACCOUNTING),
                InstantSource.system());
        jobs = new JobStore(database.dataSource());
        usage = new UsageStore(database.dataSource(), NOW);
        new EventStore(database.dataSource()).record(List.of(new NodeEvent(CLUSTER, "", DAY1, "CLUSTER_TRES", "", 0,
                "1=16,2=64000,4=2")));
        association("alice", "ml");
        association("bob", "phys");
        jobs.upsertJobs(List.of(
                TestJobs.completed(CLUSTER, 1, "alice", "ml", DAY1, at("2026-11-01T10:00:00Z"), at("2026-11-01T12:00:00Z")),
                TestJobs.completed(CLUSTER, 2, "bob", "", DAY1, at("2026-11-02T11:00:00Z"), at("2026-11-02T12:15:00Z")),
                TestJobs.completed(CLUSTER, 3, "carol", "ml", DAY1, at("2026-11-01T10:00:00Z"), at("2026-11-01T11:00:00Z"))));
    }

    @AfterAll
    static void stop() {
        database.close();
    }

    private static Instant at(String time) {
        return Instant.parse(time);
    }

    private static void association(String user, String account) throws SQLException {
        association(CLUSTER, user, account);
    }

    private static void association(String cluster, String user, String account) throws SQLException {
        try (Connection c = database.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(
                "INSERT INTO assoc_table (cluster, acct, user, is_def, time_created, time_modified) VALUES (?, ?, ?, 1, 0, 0)")) {
            s.setString(1, cluster);
            s.setString(2, account);
            s.setString(3, user);
            s.executeUpdate();
        }
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = database.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(sql);
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aWholeDayComesFromTheRollupsWithEveryJobInTheClusterAndAssociatedUsersByName() throws Exception {
        UsageStore.Report day = usage.report(CLUSTER, DAY1.getEpochSecond(), DAY2.getEpochSecond());

        assertThat(day.cpuCount()).isEqualTo(16);
        assertThat(day.usage().reported()).isEqualTo(16L * 86_400);
        // alice 8 CPUs x 2 h, carol (no association) 8 CPUs x 1 h
        assertThat(day.usage().allocated()).isEqualTo(8L * 7_200 + 8L * 3_600);
        assertThat(day.usage().idle()).isEqualTo(16L * 86_400 - 8L * 10_800);
        assertThat(day.usage().byUser()).containsExactlyEntriesOf(Map.of(new UserAccount("alice", "ml"), 57_600L));
        assertThat(count("SELECT COUNT(*) FROM cluster_usage_day_table WHERE cluster = '" + CLUSTER + "' AND time_start = "
                + DAY1.getEpochSecond())).isEqualTo(1);
        assertThat(count("SELECT alloc_secs FROM cluster_usage_hour_table WHERE cluster = '" + CLUSTER
                + "' AND time_start = " + at("2026-11-01T10:00:00Z").getEpochSecond())).isEqualTo(16L * 3_600);
    }

    @Test
    void theHourStillRunningIsComputedFromTheJobRecords() throws Exception {
        UsageStore.Report recent = usage.report(CLUSTER, at("2026-11-02T11:00:00Z").getEpochSecond(),
                NOW.instant().getEpochSecond());

        // bob's job under his default account: one rolled-up hour and 15 minutes of the current one
        assertThat(recent.usage().byUser()).containsExactlyEntriesOf(Map.of(new UserAccount("bob", "phys"),
                8L * 3_600 + 8L * 900));
        assertThat(recent.usage().reported()).isEqualTo(16L * 5_400);
    }

    @Test
    void aLateRecordRollsItsHoursUpAgain() throws Exception {
        String cluster = "late";
        new EventStore(database.dataSource()).record(List.of(new NodeEvent(cluster, "", DAY1, "CLUSTER_TRES", "", 0,
                "1=8")));
        association(cluster, "dave", "ml");
        long day1 = DAY1.getEpochSecond();
        jobs.upsertJobs(List.of(TestJobs.completed(cluster, 1, "dave", "ml", DAY1, at("2026-11-01T10:00:00Z"),
                at("2026-11-01T11:00:00Z"))));
        assertThat(usage.report(cluster, day1, DAY2.getEpochSecond()).usage().allocated()).isEqualTo(8L * 3_600);
        JobRecord late = TestJobs.completed(cluster, 4, "dave", "ml", DAY1, at("2026-11-01T05:00:00Z"),
                at("2026-11-01T06:00:00Z"));
        jobs.upsertJobs(List.of(late));
        usage.invalidate(cluster, late.times().start().orElseThrow().getEpochSecond());

        UsageStore.Report day = usage.report(cluster, day1, DAY2.getEpochSecond());

        assertThat(day.usage().byUser()).containsExactlyEntriesOf(Map.of(new UserAccount("dave", "ml"), 57_600L));
        assertThat(day.usage().allocated()).isEqualTo(8L * 7_200);
    }
}
