package io.jslurm.cli.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sbatch's remembered route: the same route and the same errors as loading slurm.conf, and a reload whenever a file
 * the load read (or looked for) changes.
 */
class RouteCacheTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    /** Files the tests write are dated this long before {@link #NOW}, so they have settled. */
    private static final Duration AGE = Duration.ofMinutes(5);

    @TempDir
    Path dir;
    private Path conf;
    private Path cacheDir;
    private RouteCache cache;

    @BeforeEach
    void setUp() throws IOException {
        conf = dir.resolve("etc/slurm.conf");
        cacheDir = dir.resolve("cache");
        Files.createDirectories(conf.getParent());
        cache = new RouteCache(Optional.of(cacheDir), InstantSource.fixed(NOW));
        write(conf, """
                ClusterName=lab
                SlurmctldHost=head(10.0.0.1)
                SlurmctldHost=backup
                SlurmctldPort=6817-6819
                MessageTimeout=7
                AuthType=auth/slurm
                AuthInfo=socket=/run/lab.socket
                NodeName=n[1-4] CPUs=4
                PartitionName=p Nodes=ALL Default=YES
                """);
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.from(NOW.minus(AGE)));
    }

    private List<Path> entries() throws IOException {
        if (!Files.isDirectory(cacheDir)) {
            return List.of();
        }
        try (var files = Files.list(cacheDir)) {
            return files.toList();
        }
    }

    private static List<String> hosts(ControllerRoute route) {
        return route.controllers().stream().map(InetSocketAddress::getHostString).toList();
    }

    @Test
    void firstLoadGivesTheFullLoadsRouteAndRemembersIt() throws IOException {
        ControllerRoute route = cache.route(conf);

        ControllerRoute loaded = ClusterAccess.of(ConfLoader.fromFileSystem().load(conf).slurm(), conf).route();
        assertThat(hosts(route)).isEqualTo(hosts(loaded)).containsExactly("10.0.0.1", "backup");
        assertThat(route.controllers()).allSatisfy(address -> assertThat(address.getPort()).isBetween(6817, 6819));
        assertThat(route.timeout()).isEqualTo(loaded.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(route.authType()).isEqualTo(loaded.authType()).isEqualTo("auth/slurm");
        assertThat(route.keyFile()).isEqualTo(loaded.keyFile()).isEqualTo(dir.resolve("etc/slurm.key"));
        assertThat(route.credentialSocket()).isEqualTo(loaded.credentialSocket()).isEqualTo(Path.of("/run/lab.socket"));
        assertThat(entries()).hasSize(1);
    }

    @Test
    void anUnchangedConfigurationIsNotReadAgain() throws IOException {
        cache.route(conf);
        // Same size and time stamp, other content: only a remembered route still shows the old port.
        String text = Files.readString(conf).replace("6817-6819", "6917-6917");
        write(conf, text);

        ControllerRoute route = cache.route(conf);

        assertThat(route.controllers()).allSatisfy(address -> assertThat(address.getPort()).isBetween(6817, 6819));
        assertThat(route.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(route.authType()).isEqualTo("auth/slurm");
    }

    @Test
    void aChangedConfigurationIsLoadedAgain() throws IOException {
        cache.route(conf);
        write(conf, Files.readString(conf).replace("6817-6819", "7000") + "MessageTimeout=3\n");

        ControllerRoute route = cache.route(conf);

        assertThat(route.controllers()).allSatisfy(address -> assertThat(address.getPort()).isEqualTo(7000));
        assertThat(route.timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(cache.route(conf).timeout()).as("remembered again").isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aTouchedConfigurationIsLoadedAgainEvenAtTheSameSize() throws IOException {
        cache.route(conf);
        Files.writeString(conf, Files.readString(conf).replace("6817-6819", "6917-6917"));
        Files.setLastModifiedTime(conf, FileTime.from(NOW.minus(AGE).plusSeconds(1)));

        assertThat(cache.route(conf).controllers()).allSatisfy(address -> assertThat(address.getPort()).isEqualTo(6917));
    }

    @Test
    void aChangedIncludeIsLoadedAgain() throws IOException {
        write(dir.resolve("etc/ports.conf"), "SlurmctldPort=7100\n");
        write(conf, Files.readString(conf).replace("SlurmctldPort=6817-6819", "Include ports.conf"));
        assertThat(cache.route(conf).controllers().get(0).getPort()).isEqualTo(7100);

        write(dir.resolve("etc/ports.conf"), "SlurmctldPort=7200\n\n");

        assertThat(cache.route(conf).controllers().get(0).getPort()).isEqualTo(7200);
    }

    @Test
    void aGresConfThatAppearsIsReadAndItsErrorsReported() throws IOException {
        cache.route(conf);
        write(dir.resolve("etc/gres.conf"), "Bogus=1\n");

        String expected = messageOfFullLoad();
        assertThatThrownBy(() -> cache.route(conf)).isInstanceOf(ConfException.class).hasMessage(expected)
                .hasMessageContaining("gres.conf");
    }

    @Test
    void errorsAreTheFullLoadsAndNeverRemembered() throws IOException {
        cache.route(conf);
        write(conf, Files.readString(conf) + "NodeName=n9 CPUs=many\n");
        String expected = messageOfFullLoad();

        assertThatThrownBy(() -> cache.route(conf)).isInstanceOf(ConfException.class).hasMessage(expected);
        assertThatThrownBy(() -> cache.route(conf)).as("second time").isInstanceOf(ConfException.class)
                .hasMessage(expected);
    }

    @Test
    void aMissingConfigurationIsReportedAsBefore() {
        Path missing = dir.resolve("nowhere/slurm.conf");
        assertThatThrownBy(() -> cache.route(missing)).isInstanceOf(ConfException.class)
                .hasMessageContaining(missing + ": file does not exist or cannot be read");
    }

    @Test
    void aFileModifiedMomentsAgoIsNotRemembered() throws IOException {
        Files.setLastModifiedTime(conf, FileTime.from(NOW.minusMillis(500)));

        cache.route(conf);

        assertThat(entries()).isEmpty();
    }

    @Test
    void globIncludesAreNotRemembered() throws IOException {
        write(dir.resolve("etc/ports.conf"), "SlurmctldPort=7100\n");
        write(conf, Files.readString(conf).replace("SlurmctldPort=6817-6819", "Include port*.conf"));

        assertThat(cache.route(conf).controllers().get(0).getPort()).isEqualTo(7100);
        assertThat(entries()).isEmpty();
    }

    @Test
    void aDamagedEntryIsReplaced() throws IOException {
        cache.route(conf);
        Path entry = entries().get(0);
        Files.writeString(entry, Files.readString(entry).replace("ports 6817 6819", "ports x y"));

        assertThat(cache.route(conf).controllers().get(0).getPort()).isBetween(6817, 6819);
        assertThat(Files.readString(entry)).contains("ports 6817 6819");
    }

    @Test
    void writingANewEntryDropsStaleOnesButAHitLeavesTheFolderAlone() throws IOException {
        Files.createDirectories(cacheDir);
        Path stale = cacheDir.resolve("0.route");
        Files.writeString(stale, "jslurm-route 1\n");
        Files.setLastModifiedTime(stale, FileTime.from(NOW.minus(Duration.ofDays(40))));
        Files.setAttribute(stale, "lastAccessTime", FileTime.from(NOW.minus(Duration.ofDays(40))));

        cache.route(conf);
        assertThat(entries()).hasSize(1).doesNotContain(stale);

        Files.writeString(stale, "jslurm-route 1\n");
        Files.setLastModifiedTime(stale, FileTime.from(NOW.minus(Duration.ofDays(40))));
        Files.setAttribute(stale, "lastAccessTime", FileTime.from(NOW.minus(Duration.ofDays(40))));
        cache.route(conf);
        assertThat(entries()).hasSize(2).contains(stale);
    }

    @Test
    void theFolderKeepsOnlyThePrunersNumberOfEntries() throws IOException {
        RouteCache small = new RouteCache(Optional.of(cacheDir), InstantSource.fixed(NOW),
                new RouteCachePruner(RouteCachePruner.MAX_AGE_MILLIS, 2));
        for (int i = 0; i < 4; i++) {
            Path other = dir.resolve("etc" + i + "/slurm.conf");
            Files.createDirectories(other.getParent());
            write(other, Files.readString(conf));
            small.route(other);
        }

        assertThat(entries()).hasSize(2);
        assertThat(hosts(small.route(dir.resolve("etc3/slurm.conf")))).containsExactly("10.0.0.1", "backup");
    }

    @Test
    void withoutACacheFolderEveryRunLoads() {
        RouteCache none = new RouteCache(Optional.empty(), InstantSource.fixed(NOW));
        assertThat(hosts(none.route(conf))).containsExactly("10.0.0.1", "backup");
    }

    @Test
    void theUsersCacheFolderFollowsXdgThenHome() {
        assertThat(RouteCache.forUser(java.util.Map.of("HOME", "/home/ann")).folder())
                .contains(Path.of("/home/ann/.cache/jslurm/conf"));
        assertThat(RouteCache.forUser(java.util.Map.of("HOME", "/home/ann", "XDG_CACHE_HOME", "/tmp/x")).folder())
                .contains(Path.of("/tmp/x/jslurm/conf"));
        assertThat(RouteCache.forUser(java.util.Map.of()).folder()).isEmpty();
    }

    private String messageOfFullLoad() {
        try {
            ConfLoader.fromFileSystem().load(conf);
        } catch (ConfException refused) {
            return refused.getMessage();
        }
        throw new AssertionError("the configuration loads");
    }
}
