package io.jslurm.slurmdbd.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where tests put embedded servers: under the module's build directory, not java.io.tmpdir (which
 * the embedded launcher refuses), with one copy of the binaries shared by all test classes.
 */
public final class TestServers {

    private static final Path ROOT = Path.of("target", "embedded-mariadb").toAbsolutePath();

    private TestServers() {
    }

    public static Path binaries() {
        return ROOT.resolve("binaries");
    }

    /** An empty home directory for one test's server. */
    public static Path freshHome(String name) {
        Path home = ROOT.resolve(name);
        deleteRecursively(home);
        return home;
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
