package io.jslurm.slurmdbd.storage;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * slurmdbd's database, ready for use: the server (embedded or external), the StorageLoc database
 * created if missing, the schema migrated to the newest version, and a connection pool on it.
 */
public final class AccountingDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AccountingDatabase.class);

    private static final int ACCESS_DENIED_TO_DATABASE = 1044;

    private final Optional<EmbeddedMariaDb> embedded;
    private final HikariDataSource pool;
    private final List<Integer> migrationsApplied;

    private AccountingDatabase(Optional<EmbeddedMariaDb> embedded, HikariDataSource pool, List<Integer> migrationsApplied) {
        this.embedded = embedded;
        this.pool = pool;
        this.migrationsApplied = migrationsApplied;
    }

    /** Opens with the embedded server's binaries unpacked beside its data. */
    public static AccountingDatabase open(StorageSettings settings, InstantSource clock) throws SQLException {
        return open(settings, EmbeddedMariaDb.defaultBinariesDir(settings.dataDir()), Migrations.load(Migrations.ACCOUNTING), clock);
    }

    /**
     * Opens the store.
     *
     * @param binariesDir where the embedded server's binaries are (or get) unpacked; unused with StorageHost
     * @param migrations  the schema to bring the database up to
     */
    public static AccountingDatabase open(StorageSettings settings, Path binariesDir, List<Migration> migrations,
                                          InstantSource clock) throws SQLException {
        Optional<EmbeddedMariaDb> embedded = settings.embedded()
                ? Optional.of(EmbeddedMariaDb.start(settings.dataDir(), binariesDir, settings.port()))
                : Optional.empty();
        try {
            String serverUrl = "jdbc:mariadb://" + settings.host().orElse("127.0.0.1") + ":" + settings.port() + "/";
            if (embedded.isPresent()) {
                prepareEmbedded(embedded.get(), settings);
            } else {
                createDatabaseIfMissing(serverUrl, settings);
            }
            HikariDataSource pool = pool(serverUrl + settings.loc(), settings.user(), embedded
                    .filter(e -> settings.user().equals(RootAccount.USER)).map(e -> e.root().password()).orElse(settings.pass()));
            try {
                List<Integer> applied = new SchemaMigrator(pool, clock).migrate(migrations);
                log.info("accounting storage {} on {} ready, schema version {}{}", settings.loc(),
                        embedded.map(e -> "embedded MariaDB port " + e.port()).orElse(serverUrl),
                        migrations.size(), applied.isEmpty() ? "" : " (applied now: " + applied + ")");
                return new AccountingDatabase(embedded, pool, applied);
            } catch (SQLException | RuntimeException e) {
                pool.close();
                throw e;
            }
        } catch (SQLException | RuntimeException e) {
            embedded.ifPresent(EmbeddedMariaDb::close);
            throw e;
        }
    }

    public DataSource dataSource() {
        return pool;
    }

    /** The embedded server, when slurmdbd runs its own. */
    public Optional<EmbeddedMariaDb> embedded() {
        return embedded;
    }

    /** Versions of the migrations this start applied; empty when the schema was already current. */
    public List<Integer> migrationsApplied() {
        return migrationsApplied;
    }

    /** Closes the pool, then stops the embedded server if there is one. */
    @Override
    public void close() {
        pool.close();
        embedded.ifPresent(EmbeddedMariaDb::close);
    }

    private static HikariDataSource pool(String url, String user, String password) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("slurmdbd-storage");
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(8);
        config.setMinimumIdle(1);
        return new HikariDataSource(config);
    }

    /**
     * On the embedded server, root creates the database and, when slurmdbd.conf names another
     * StorageUser, that user with its StoragePass and rights on it.
     */
    private static void prepareEmbedded(EmbeddedMariaDb server, StorageSettings settings) throws SQLException {
        try (Connection c = server.connectAsRoot(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + settings.loc() + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            if (!settings.user().equals(RootAccount.USER)) {
                for (String host : List.of("127.0.0.1", "localhost")) {
                    String account = Sql.quote(settings.user()) + "@" + Sql.quote(host);
                    s.execute("CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY " + Sql.quote(settings.pass()));
                    s.execute("ALTER USER " + account + " IDENTIFIED BY " + Sql.quote(settings.pass()));
                    s.execute("GRANT ALL PRIVILEGES ON `" + settings.loc() + "`.* TO " + account);
                }
            }
        }
    }

    private static void createDatabaseIfMissing(String serverUrl, StorageSettings settings) throws SQLException {
        try (Connection c = DriverManager.getConnection(serverUrl, settings.user(), settings.pass());
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + settings.loc() + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        } catch (SQLException e) {
            // A StorageUser granted rights on StorageLoc only may not create it; when the database
            // exists, that is fine, and when it does not, opening the pool says so.
            if (e.getErrorCode() != ACCESS_DENIED_TO_DATABASE) {
                throw e;
            }
            log.info("StorageUser {} may not create databases; expecting {} to exist", settings.user(), settings.loc());
        }
    }
}
