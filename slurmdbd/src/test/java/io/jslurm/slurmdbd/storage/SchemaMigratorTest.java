package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/** Each test migrates its own database on one embedded server. */
class SchemaMigratorTest {

    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T00:00:00Z"));
    private static EmbeddedMariaDb server;

    @BeforeAll
    static void startServer() {
        server = EmbeddedMariaDb.start(TestServers.freshHome("migrator"), TestServers.binaries(), TestServers.freePort());
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void appliesEachMigrationOnceInOrder() throws SQLException {
        DataSource db = database("ordered");
        SchemaMigrator migrator = new SchemaMigrator(db, CLOCK);
        List<Migration> migrations = Migrations.load("db/test-migrations/ordered");

        assertThat(migrator.migrate(migrations)).containsExactly(1, 2);
        assertThat(migrator.migrate(migrations)).isEmpty();

        assertThat(rows(db, "SELECT id, name, colour FROM widget ORDER BY id")).containsExactly("1 sprocket grey", "2 gear red");
        long now = CLOCK.instant().getEpochSecond();
        assertThat(rows(db, "SELECT version, script, installed_on FROM schema_version ORDER BY version"))
                .containsExactly("1 V1__create_widget.sql " + now, "2 V2__add_colour.sql " + now);
    }

    @Test
    void aNewMigrationIsAppliedOnTopOfTheOldOnes() throws SQLException {
        DataSource db = database("upgrade");
        SchemaMigrator migrator = new SchemaMigrator(db, CLOCK);
        List<Migration> all = Migrations.load("db/test-migrations/ordered");

        assertThat(migrator.migrate(all.subList(0, 1))).containsExactly(1);
        assertThat(migrator.migrate(all)).containsExactly(2);
        assertThat(migrator.applied()).containsOnlyKeys(1, 2);
    }

    @Test
    void aFailedMigrationLeavesNoDataAndNoRecordAndIsRetriedNextTime() throws SQLException {
        DataSource db = database("failing");
        SchemaMigrator migrator = new SchemaMigrator(db, CLOCK);

        assertThatThrownBy(() -> migrator.migrate(Migrations.load("db/test-migrations/failing")))
                .isInstanceOf(SQLException.class).hasMessageContaining("V2__half_then_fail.sql");

        assertThat(migrator.applied()).containsOnlyKeys(1);
        assertThat(rows(db, "SELECT id FROM widget ORDER BY id")).containsExactly("1");
        assertThat(migrator.migrate(Migrations.load("db/test-migrations/ordered"))).containsExactly(2);
    }

    @Test
    void anAppliedScriptThatWasEditedIsRefused() throws SQLException {
        DataSource db = database("edited");
        SchemaMigrator migrator = new SchemaMigrator(db, CLOCK);
        List<Migration> migrations = Migrations.load("db/test-migrations/ordered");
        migrator.migrate(migrations);

        Migration v1 = migrations.get(0);
        List<Migration> edited = List.of(new Migration(1, v1.script(), v1.sql() + "\n-- edited\n"), migrations.get(1));
        assertThatThrownBy(() -> migrator.migrate(edited)).hasMessageContaining("changed after it was applied");
    }

    @Test
    void aDatabaseNewerThanTheCodeIsRefused() throws SQLException {
        DataSource db = database("newer");
        SchemaMigrator migrator = new SchemaMigrator(db, CLOCK);
        List<Migration> migrations = Migrations.load("db/test-migrations/ordered");
        migrator.migrate(migrations);

        assertThatThrownBy(() -> migrator.migrate(migrations.subList(0, 1))).hasMessageContaining("newer than this slurmdbd");
    }

    @Test
    void theAccountingSchemaCreatesEveryTable() throws SQLException {
        DataSource db = database("accounting");
        assertThat(new SchemaMigrator(db, CLOCK).migrate(Migrations.load(Migrations.ACCOUNTING))).containsExactly(1, 2);

        assertThat(rows(db, "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY 1"))
                .containsExactly("acct_table", "assoc_table", "assoc_usage_day_table", "assoc_usage_hour_table",
                        "cluster_table", "cluster_usage_day_table", "cluster_usage_hour_table", "event_table",
                        "job_table", "last_ran_table", "qos_table", "resv_table", "schema_version", "step_table",
                        "tres_table", "user_table");
        assertThat(rows(db, "SELECT id, type, name FROM tres_table WHERE id IN (1, 2, 6) ORDER BY id"))
                .containsExactly("1 cpu ", "2 mem ", "6 fs disk");
        assertThat(rows(db, "SELECT id, name FROM qos_table")).containsExactly("1 normal");
    }

    @Test
    void migrationsMustBeNumberedWithoutGaps() {
        assertThatThrownBy(() -> Migrations.load("db/test-migrations/gap"))
                .hasMessageContaining("V3__skips_two.sql at position 2");
    }

    private static DataSource database(String name) throws SQLException {
        try (Connection c = server.connectAsRoot(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name);
        }
        MariaDbDataSource ds = new MariaDbDataSource(server.jdbcUrl(name));
        ds.setUser("root");
        ds.setPassword(server.root().password());
        return ds;
    }

    private static List<String> rows(DataSource db, String sql) throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    values.add(rs.getString(i));
                }
                rows.add(String.join(" ", values));
            }
            return rows;
        }
    }
}
