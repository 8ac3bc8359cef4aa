package io.jslurm.protocol.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private munged for tests: its own 1 KiB key, socket, pid, log and seed files in one directory,
 * run in the foreground so closing it stops exactly this daemon. The directory is opened for
 * traversal so other local users can reach the socket.
 */
public final class MungedProcess implements AutoCloseable {
    private static final List<Path> MUNGED = List.of(Path.of("/usr/sbin/munged"), Path.of("/usr/bin/munged"),
            Path.of("/sbin/munged"));

    private final Process process;
    private final Path dir;
    private final Path socket;

    private MungedProcess(Process process, Path dir) {
        this.process = process;
        this.dir = dir;
        this.socket = dir.resolve("munge.socket");
    }

    /** In a fresh directory under the system temporary directory, removed by {@link #close()}. */
    public static MungedProcess start() throws IOException, InterruptedException {
        Path munged = MUNGED.stream().filter(Files::isExecutable).findFirst().orElseThrow(() ->
                new IllegalStateException("munged is not installed: apt-get install -y munge libmunge2"));
        Path dir = Files.createTempDirectory("munged-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = dir.resolve("munge.key");
        Files.write(keyFile, key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("r--------"));
        Process process = new ProcessBuilder(munged.toString(), "--foreground", "--force",
                "--socket=" + dir.resolve("munge.socket"), "--key-file=" + keyFile,
                "--pid-file=" + dir.resolve("munged.pid"), "--log-file=" + dir.resolve("munged.log"),
                "--seed-file=" + dir.resolve("munged.seed"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("munged.out").toFile()).start();
        MungedProcess daemon = new MungedProcess(process, dir);
        daemon.awaitSocket(Duration.ofSeconds(15));
        return daemon;
    }

    private void awaitSocket(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!Files.exists(socket)) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                close();
                throw new IllegalStateException("munged did not start: " + Files.readString(dir.resolve("munged.out"))
                        + (Files.exists(dir.resolve("munged.log")) ? Files.readString(dir.resolve("munged.log")) : ""));
            }
            Thread.sleep(20);
        }
    }

    public Path socket() {
        return socket;
    }

    public Munge munge() throws MungeException {
        return Munge.at(socket);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a leftover temporary directory does not make a test wrong
        }
    }
}
