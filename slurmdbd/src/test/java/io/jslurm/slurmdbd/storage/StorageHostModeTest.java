package io.jslurm.slurmdbd.storage;

import static io.jslurm.slurmdbd.storage.TestJobs.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * StorageHost mode, run against a server slurmdbd did not start (here one started for the test,
 * reached through its host and port like any other) with accounts of different rights.
 */
class StorageHostModeTest {

    private static EmbeddedMariaDb server;

    @BeforeAll
    static void startServer() throws SQLException {
        server = EmbeddedMariaDb.start(TestServers.freshHome("storage-host"), TestServers.binaries(), TestServers.freePort());
        try (Connection c = server.connectAsRoot(); Statement s = c.createStatement()) {
            s.execute("CREATE USER dbadmin@'127.0.0.1' IDENTIFIED BY 'admin-pw'");
            s.execute("GRANT ALL ON *.* TO dbadmin@'127.0.0.1'");
            s.execute("CREATE DATABASE granted_db");
            s.execute("CREATE USER slurm@'127.0.0.1' IDENTIFIED BY 'slurm-pw'");
            s.execute("GRANT ALL ON granted_db.* TO slurm@'127.0.0.1'");
        }
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void createsTheDatabaseWhenTheUserMay() throws SQLException {
        try (AccountingDatabase db = open("dbadmin", "admin-pw", "created_db")) {
            assertThat(db.embedded()).isEmpty();
            assertThat(db.migrationsApplied()).containsExactly(1, 2);
            JobRecord job = TestJobs.completed("c1", 5, "alice", "ml", T0, T0.plusSeconds(1), T0.plusSeconds(2));
            new JobStore(db.dataSource()).upsertJob(job);
            assertThat(new JobStore(db.dataSource()).findJobs(JobQuery.window("c1", T0, T0.plusSeconds(60)))).containsExactly(job);
        }
    }

    @Test
    void usesADatabaseTheUserMayNotCreateButWasGranted() throws SQLException {
        try (AccountingDatabase db = open("slurm", "slurm-pw", "granted_db")) {
            assertThat(db.migrationsApplied()).containsExactly(1, 2);
        }
        try (AccountingDatabase db = open("slurm", "slurm-pw", "granted_db")) {
            assertThat(db.migrationsApplied()).isEmpty();
        }
    }

    @Test
    void aMissingDatabaseTheUserMayNotCreateFailsTheOpen() {
        assertThatThrownBy(() -> open("slurm", "slurm-pw", "other_db").close()).isInstanceOf(Exception.class);
    }

    private static AccountingDatabase open(String user, String pass, String loc) throws SQLException {
        StorageSettings settings = new StorageSettings(Optional.of("127.0.0.1"), server.port(), user, pass, loc,
                TestServers.freshHome("storage-host-unused"));
        return AccountingDatabase.open(settings, TestServers.binaries(), Migrations.load(Migrations.ACCOUNTING), InstantSource.system());
    }
}
