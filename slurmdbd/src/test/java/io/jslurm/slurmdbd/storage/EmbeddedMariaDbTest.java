package io.jslurm.slurmdbd.storage;

import static io.jslurm.slurmdbd.storage.TestJobs.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmbeddedMariaDbTest {

    @Test
    void aRestartFindsTheEarlierDataAndAppliesNoMigrationAgain() throws Exception {
        StorageSettings settings = StorageSettings.embedded(TestServers.freshHome("restart"), TestServers.freePort());
        JobRecord job = TestJobs.completed("restart", 1, "alice", "ml", T0, T0.plusSeconds(60), T0.plusSeconds(600));

        try (AccountingDatabase first = open(settings)) {
            assertThat(first.migrationsApplied()).containsExactly(1, 2);
            new JobStore(first.dataSource()).upsertJob(job);
            System.out.println("embedded start, new data directory: " + first.embedded().orElseThrow().startTimes());
        }
        try (AccountingDatabase second = open(settings)) {
            EmbeddedMariaDb.StartTimes warm = second.embedded().orElseThrow().startTimes();
            System.out.println("embedded start, existing data: " + warm);

            assertThat(second.migrationsApplied()).isEmpty();
            assertThat(new SchemaMigrator(second.dataSource(), InstantSource.system()).applied()).containsOnlyKeys(1, 2);
            assertThat(new JobStore(second.dataSource()).findJobs(JobQuery.window("restart", T0, T0.plusSeconds(3600))))
                    .containsExactly(job);
            assertThat(warm.unpack()).isLessThan(Duration.ofSeconds(1));
            assertThat(warm.install()).isLessThan(Duration.ofSeconds(1));
        }
    }

    @Test
    void aServerLeftRunningByAKilledDaemonIsStoppedBeforeTheNextStart() throws Exception {
        Path home = TestServers.freshHome("orphan");
        int port = TestServers.freePort();
        EmbeddedMariaDb orphan = EmbeddedMariaDb.start(home, TestServers.binaries(), port);
        ProcessHandle orphanProcess = ProcessHandle.of(pid(home)).orElseThrow();

        // As after a killed daemon: nobody stops the first server, and a new one starts on its data and port.
        try (EmbeddedMariaDb next = EmbeddedMariaDb.start(home, TestServers.binaries(), port)) {
            assertThat(orphanProcess.isAlive()).isFalse();
            assertThat(pid(home)).isNotEqualTo(orphanProcess.pid());
            assertThat(version(next)).startsWith("11.4.5");
        } finally {
            orphan.close();
        }
    }

    @Test
    void aHomeTooDeepForASocketAddressStillStarts() throws Exception {
        Path home = TestServers.freshHome("deep/" + "d".repeat(60) + "/" + "e".repeat(30));
        assertThat(home.resolve("run/mariadbd.sock").toString().length()).isGreaterThan(ServerFiles.MAX_SOCKET_PATH_BYTES);

        try (EmbeddedMariaDb server = EmbeddedMariaDb.start(home, TestServers.binaries(), TestServers.freePort())) {
            assertThat(version(server)).startsWith("11.4.5");
        }
    }

    @Test
    void aStalePidFileAndSocketFromADeadServerDoNotBlockTheStart() throws Exception {
        Path home = TestServers.freshHome("stale");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.createDirectories(home.resolve("run"));
        Files.writeString(home.resolve("run/mariadbd.pid"), gone.pid() + "\n");
        Files.writeString(home.resolve("run/mariadbd.sock"), "");

        try (EmbeddedMariaDb server = EmbeddedMariaDb.start(home, TestServers.binaries(), TestServers.freePort())) {
            assertThat(version(server)).startsWith("11.4.5");
        }
    }

    @Test
    void aConfiguredStorageUserIsCreatedWithItsPassword() throws Exception {
        StorageSettings settings = new StorageSettings(Optional.empty(), TestServers.freePort(), "slurm", "s3cret'pw",
                "acct_db", TestServers.freshHome("storage-user"));
        try (AccountingDatabase db = open(settings)) {
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT CURRENT_USER(), DATABASE()")) {
                rs.next();
                assertThat(rs.getString(1)).startsWith("slurm@");
                assertThat(rs.getString(2)).isEqualTo("acct_db");
            }
            String url = db.embedded().orElseThrow().jdbcUrl("acct_db");
            assertThatThrownBy(() -> DriverManager.getConnection(url, "slurm", "wrong").close()).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void onlyTheDaemonCanLogInAsRootAndNobodyAnonymously() throws Exception {
        Path home = TestServers.freshHome("secured");
        try (EmbeddedMariaDb server = EmbeddedMariaDb.start(home, TestServers.binaries(), TestServers.freePort())) {
            String url = server.jdbcUrl("");
            assertThatThrownBy(() -> DriverManager.getConnection(url, "root", "").close()).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(url, "", "").close()).isInstanceOf(SQLException.class);
            assertThat(Files.getPosixFilePermissions(home.resolve("root.password")))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            assertThat(version(server)).startsWith("11.4.5");
        }
    }

    @Test
    void aPortTakenBySomethingElseFailsTheStartPromptly() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> EmbeddedMariaDb.start(TestServers.freshHome("port-taken"), TestServers.binaries(), taken.getLocalPort()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("port " + taken.getLocalPort())
                    .hasMessageContaining("Address already in use");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(60));
        }
    }

    @Test
    void binariesGoBesideTheDataUnderTheirVersionByDefault() {
        assertThat(EmbeddedMariaDb.defaultBinariesDir(Path.of("/var/lib/slurmdbd")))
                .isEqualTo(Path.of("/var/lib/slurmdbd/mariadb-11.4.5"));
    }

    @Test
    void aDataDirectoryThatWouldBeWipedOnStartIsRefused() {
        Path underTmp = Path.of(System.getProperty("java.io.tmpdir"), "jslurm-dbd");
        assertThatThrownBy(() -> EmbeddedMariaDb.start(underTmp, TestServers.binaries(), TestServers.freePort()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.io.tmpdir");
    }

    private static AccountingDatabase open(StorageSettings settings) throws SQLException {
        return AccountingDatabase.open(settings, TestServers.binaries(), Migrations.load(Migrations.ACCOUNTING), InstantSource.system());
    }

    private static long pid(Path home) throws IOException {
        return Long.parseLong(Files.readString(home.resolve("run/mariadbd.pid")).trim());
    }

    private static String version(EmbeddedMariaDb server) throws SQLException {
        try (Connection c = server.connectAsRoot(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
