package io.jslurm.slurmdbd.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a database up to the newest schema: applies, in order, each migration not yet recorded in
 * {@code schema_version}, each in its own transaction together with its record. MariaDB commits
 * DDL implicitly, so only a script's data changes roll back on failure; scripts are therefore
 * written to be re-runnable, and a failed one is simply applied again on the next start.
 */
public final class SchemaMigrator {

    private static final Logger log = LoggerFactory.getLogger(SchemaMigrator.class);
    private static final String LOCK = "jslurm_schema_migration";
    private static final int LOCK_WAIT_SECONDS = 120;

    private final DataSource dataSource;
    private final InstantSource clock;

    public SchemaMigrator(DataSource dataSource, InstantSource clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** Applies what is missing and returns the versions applied now (empty when already current). */
    public List<Integer> migrate(List<Migration> migrations) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            createVersionTable(c);
            // Two daemons starting on one database must not both apply the same script.
            lock(c);
            try {
                return applyMissing(c, migrations);
            } finally {
                try (Statement s = c.createStatement()) {
                    s.execute("DO RELEASE_LOCK('" + LOCK + "')");
                }
            }
        }
    }

    /** Version → checksum of every migration recorded as applied. */
    public Map<Integer, String> applied() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            createVersionTable(c);
            return applied(c);
        }
    }

    private List<Integer> applyMissing(Connection c, List<Migration> migrations) throws SQLException {
        Map<Integer, String> applied = applied(c);
        int newestKnown = migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
        for (int version : applied.keySet()) {
            if (version > newestKnown) {
                throw new IllegalStateException("database schema version " + version
                        + " is newer than this slurmdbd knows (" + newestKnown + "); refusing to use it");
            }
        }
        List<Integer> appliedNow = new ArrayList<>();
        for (Migration m : migrations) {
            String recorded = applied.get(m.version());
            if (recorded != null) {
                if (!recorded.equals(m.checksum())) {
                    throw new IllegalStateException("migration " + m.script()
                            + " was changed after it was applied (checksum " + recorded + " in the database)");
                }
                continue;
            }
            apply(c, m);
            appliedNow.add(m.version());
        }
        return List.copyOf(appliedNow);
    }

    private void apply(Connection c, Migration m) throws SQLException {
        long t0 = System.nanoTime();
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            for (String statement : m.statements()) {
                s.execute(statement);
            }
            try (PreparedStatement record = c.prepareStatement(
                    "INSERT INTO schema_version (version, description, script, checksum, installed_on, execution_ms)"
                            + " VALUES (?, ?, ?, ?, ?, ?)")) {
                record.setInt(1, m.version());
                record.setString(2, m.description());
                record.setString(3, m.script());
                record.setString(4, m.checksum());
                record.setLong(5, clock.instant().getEpochSecond());
                record.setLong(6, (System.nanoTime() - t0) / 1_000_000);
                record.executeUpdate();
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw new SQLException("schema migration " + m.script() + " failed: " + e.getMessage(), e);
        } finally {
            c.setAutoCommit(autoCommit);
        }
        log.info("applied schema migration {} in {} ms", m.script(), (System.nanoTime() - t0) / 1_000_000);
    }

    private static void createVersionTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                    + " version INT NOT NULL PRIMARY KEY,"
                    + " description VARCHAR(200) NOT NULL,"
                    + " script VARCHAR(200) NOT NULL,"
                    + " checksum CHAR(64) NOT NULL,"
                    + " installed_on BIGINT NOT NULL,"
                    + " execution_ms BIGINT NOT NULL"
                    + ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
        }
    }

    private static Map<Integer, String> applied(Connection c) throws SQLException {
        Map<Integer, String> applied = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT version, checksum FROM schema_version")) {
            while (rs.next()) {
                applied.put(rs.getInt(1), rs.getString(2));
            }
        }
        return applied;
    }

    private static void lock(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT GET_LOCK('" + LOCK + "', " + LOCK_WAIT_SECONDS + ")")) {
            if (!rs.next() || rs.getInt(1) != 1) {
                throw new SQLException("another slurmdbd held the schema migration lock for " + LOCK_WAIT_SECONDS + " s");
            }
        }
    }
}
