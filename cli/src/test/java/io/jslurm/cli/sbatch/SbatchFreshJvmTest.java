package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.slurm.SlurmConfParser;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmctld.Controller;
import io.jslurm.slurmctld.config.ClusterConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sbatch as its own process against the real controller: it submits, and on its way it loads neither
 * protobuf-java nor a generated message class (their loading and set-up were about a third of its start-up;
 * see docs/performance.md). A change that brings them back onto the submission path fails here.
 */
class SbatchFreshJvmTest {

    @TempDir
    Path dir;
    private Controller controller;
    private Path conf;

    @BeforeEach
    void start() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        conf = dir.resolve("slurm.conf");
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(conf, """
                ClusterName=fresh
                SlurmctldHost=localhost
                SlurmctldPort=%d
                StateSaveLocation=%s
                NodeName=node1 NodeAddr=127.0.0.1 CPUs=4 RealMemory=8000
                PartitionName=batch Nodes=ALL Default=YES MaxTime=60 State=UP
                """.formatted(port, dir.resolve("state")));
        Path key = dir.resolve("slurm.key");
        Files.write(key, "fresh-jvm-test-key-0123456789abcdef0123456789".getBytes(StandardCharsets.US_ASCII));
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        long self = ClientIdentity.current().uid();
        controller = Controller.start(ClusterConfig.load(conf), SlurmKey.load(key), InstantSource.system(),
                new Controller.Options(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), self, self,
                        user -> Set.of(), Duration.ofSeconds(1), false));
    }

    @AfterEach
    void stop() {
        if (controller != null) {
            controller.close();
        }
    }

    @Test
    void submitsWithoutLoadingProtobuf() throws Exception {
        Path classes = dir.resolve("classes.log");
        assertThat(sbatch(classes)).matches("Submitted batch job \\d+\n");

        List<String> loaded = loadedClasses(classes);
        assertThat(loaded).as("classes loaded").contains(SubmitWire.class.getName());
        assertThat(loaded).filteredOn(name -> name.startsWith("com.google.protobuf.")
                || name.startsWith("io.jslurm.protocol.proto.")).isEmpty();
    }

    @Test
    void laterSubmissionsDoNotParseAnUnchangedSlurmConf() throws Exception {
        // The cache takes only files that have settled (see RouteCache).
        Files.setLastModifiedTime(conf, FileTime.from(Instant.now().minusSeconds(60)));
        Path first = dir.resolve("first.log");
        Path second = dir.resolve("second.log");
        String one = sbatch(first);
        String two = sbatch(second);
        assertThat(one).matches("Submitted batch job \\d+\n");
        assertThat(two).matches("Submitted batch job \\d+\n").isNotEqualTo(one);

        assertThat(loadedClasses(first)).as("first run").contains(SlurmConfParser.class.getName());
        assertThat(loadedClasses(second)).as("second run").contains(SubmitWire.class.getName())
                .doesNotContain(SlurmConfParser.class.getName(), ConfLoader.class.getName());
    }

    @Test
    void exitsWithoutLookingForALoggingBackEnd() throws Exception {
        // From JDK 21 System.exit asks for a System.Logger first, and finding the back end reads every jar on the
        // class path (about 11 ms CPU on JDK 25). JDK 17 never looks, so this needs a newer JDK beside it.
        Optional<Path> newer = newerJdk();
        Assumptions.assumeTrue(newer.isPresent(), "no JDK 21 or later in /usr/lib/jvm");
        Path classes = dir.resolve("classes.log");
        assertThat(sbatch(newer.get().resolve("bin/java"), classes)).matches("Submitted batch job \\d+\n");

        assertThat(loadedClasses(classes)).as("classes loaded on " + newer.get()).contains(SubmitWire.class.getName())
                .doesNotContain("jdk.internal.logger.BootstrapLogger$DetectBackend");
    }

    /** A JDK 21 or later from /usr/lib/jvm, read from its release file. */
    private static Optional<Path> newerJdk() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (var jdks = Files.list(jvms)) {
            return jdks.filter(jdk -> Files.isExecutable(jdk.resolve("bin/java")) && majorVersion(jdk) >= 21)
                    .findFirst();
        }
    }

    private static int majorVersion(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    String version = line.substring("JAVA_VERSION=\"".length());
                    return Integer.parseInt(version.split("[.\"]", 2)[0]);
                }
            }
        } catch (IOException | NumberFormatException unreadable) {
            return 0;
        }
        return 0;
    }

    private String sbatch(Path classes) throws Exception {
        return sbatch(Path.of(System.getProperty("java.home"), "bin", "java"), classes);
    }

    /** One sbatch in its own JVM, its class loading logged to {@code classes}; returns its output. */
    private String sbatch(Path java, Path classes) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(
                java.toString(),
                "-Xlog:class+load=info:file=" + classes,
                "-cp", System.getProperty("java.class.path"),
                Sbatch.class.getName(), "--hold", "--wrap=true", "-J", "fresh"))
                .directory(dir.toFile())
                .redirectErrorStream(true);
        builder.environment().put("SLURM_CONF", conf.toString());
        builder.environment().put("XDG_CACHE_HOME", dir.resolve("cache").toString());
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("sbatch finished").isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    private static List<String> loadedClasses(Path log) throws IOException {
        // "[0.123s][info][class,load] java.lang.Object source: ..."
        return Files.readAllLines(log).stream()
                .filter(line -> line.contains("[class,load]"))
                .map(line -> line.substring(line.indexOf("[class,load]") + "[class,load]".length()).strip())
                .map(rest -> rest.split(" ", 2)[0])
                .toList();
    }
}
