package io.jslurm.slurmdbd.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The embedded server's files under its home directory, and the clean-up of a server left behind. */
record ServerFiles(Path home) {

    private static final Logger log = LoggerFactory.getLogger(ServerFiles.class);
    /** sun_path holds 108 bytes on Linux, the terminating NUL included. */
    static final int MAX_SOCKET_PATH_BYTES = 107;
    private static final Path SHORT_SOCKET_DIR = Path.of("/tmp");

    Path dataDir() {
        return home.resolve("data");
    }

    Path tmpDir() {
        return home.resolve("tmp");
    }

    Path pidFile() {
        return home.resolve("run").resolve("mariadbd.pid");
    }

    /**
     * The server's Unix socket. Nothing connects through it (clients use the loopback port), but mariadbd
     * will not start when the path is longer than a socket address holds, which a deep working directory
     * reaches; such a home gets a short path in {@code /tmp}, named after the home so
     * that a server left behind is still found and cleared.
     */
    Path socket() {
        Path inHome = home.resolve("run").resolve("mariadbd.sock");
        if (inHome.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH_BYTES) {
            return inHome;
        }
        String digest = HexFormat.of().formatHex(sha256(home.toAbsolutePath().normalize().toString()), 0, 8);
        // Not java.io.tmpdir: the launchers point it into the daemon's own directory, as deep as the home.
        return SHORT_SOCKET_DIR.resolve("jslurm-mariadbd-" + digest + ".sock");
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** root's password, readable by the daemon's user only. */
    Path rootPasswordFile() {
        return home.resolve("root.password");
    }

    void createDirectories() {
        try {
            Files.createDirectories(dataDir());
            Files.createDirectories(tmpDir());
            Files.createDirectories(pidFile().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server process named by the pid file, if it is alive and really serves this data directory. */
    Optional<ProcessHandle> runningServer() {
        return readPid().flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive).filter(this::servesOurData);
    }

    /**
     * Makes way for a new server after a daemon that was killed: a server it left running on this
     * data directory still holds the InnoDB lock and the port, so it is stopped; a pid file or
     * socket left by a dead server would mislead the next one, so they are removed.
     */
    void clearStaleServer(Duration timeout) {
        runningServer().ifPresent(p -> {
            log.warn("stopping MariaDB pid {} left running on {}", p.pid(), dataDir());
            terminate(p, timeout);
        });
        try {
            Files.deleteIfExists(pidFile());
            Files.deleteIfExists(socket());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void terminate(ProcessHandle process, Duration timeout) {
        process.destroy();
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("MariaDB pid {} ignored SIGTERM for {} s, killing it", process.pid(), timeout.toSeconds());
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private Optional<Long> readPid() {
        try {
            if (!Files.isRegularFile(pidFile())) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(Files.readString(pidFile(), StandardCharsets.US_ASCII).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private boolean servesOurData(ProcessHandle process) {
        // A recycled pid may belong to anything; only a server started on this data directory is ours.
        return process.info().commandLine()
                .map(cmd -> (cmd.contains("mariadbd") || cmd.contains("mysqld")) && cmd.contains(dataDir().toString()))
                .orElse(false);
    }
}
