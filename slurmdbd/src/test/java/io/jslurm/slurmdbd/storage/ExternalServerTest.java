package io.jslurm.slurmdbd.storage;

import static io.jslurm.slurmdbd.storage.TestJobs.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * StorageHost mode against a MariaDB server run by someone else, named by
 * {@code JSLURM_TEST_MARIADB_URL=mariadb://USER:PASS@HOST:PORT}; the user must be allowed to create
 * and drop databases. Works in a scratch database that it drops afterwards.
 */
@EnabledIfEnvironmentVariable(named = "JSLURM_TEST_MARIADB_URL", matches = "mariadb://.+")
class ExternalServerTest {

    @Test
    void createsTheDatabaseMigratesItAndStoresJobsIdempotently() throws SQLException {
        URI uri = URI.create(System.getenv("JSLURM_TEST_MARIADB_URL"));
        String[] credentials = Optional.ofNullable(uri.getUserInfo()).orElse("root").split(":", 2);
        String loc = "jslurm_test_" + Integer.toUnsignedString(ThreadLocalRandom.current().nextInt(), 36);
        StorageSettings settings = new StorageSettings(Optional.of(uri.getHost()), uri.getPort() > 0 ? uri.getPort() : 3306,
                credentials[0], credentials.length > 1 ? credentials[1] : "", loc, TestServers.freshHome("external-unused"));
        List<JobRecord> jobs = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            jobs.add(TestJobs.completed("external", i, "alice", "ml", T0.plusSeconds(i), T0.plusSeconds(i + 5), T0.plusSeconds(i + 50)));
        }

        try {
            try (AccountingDatabase db = open(settings)) {
                assertThat(db.embedded()).isEmpty();
                assertThat(db.migrationsApplied()).containsExactly(1, 2);
                JobStore store = new JobStore(db.dataSource());
                store.upsertJobs(jobs);
                store.upsertJobs(jobs);
            }
            try (AccountingDatabase db = open(settings)) {
                assertThat(db.migrationsApplied()).isEmpty();
                assertThat(new JobStore(db.dataSource()).findJobs(JobQuery.window("external", T0, T0.plusSeconds(3_600))))
                        .containsExactlyElementsOf(jobs);
            }
        } finally {
            try (AccountingDatabase db = open(settings); Connection c = db.dataSource().getConnection();
                 Statement s = c.createStatement()) {
                s.execute("DROP DATABASE " + loc);
            }
        }
    }

    private static AccountingDatabase open(StorageSettings settings) throws SQLException {
        return AccountingDatabase.open(settings, TestServers.binaries(), Migrations.load(Migrations.ACCOUNTING), InstantSource.system());
    }
}
