package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The controller's AOT cache on JDK 25 (libexec/jslurm-daemon-aot.sh), on a copy of the distribution whose
 * var/cds has no daemon cache: the first start records, the next makes the cache, the third runs on it, and a
 * damaged cache costs nothing but the speed-up. Skipped where the launcher picks a JDK older than 25.
 */
class DaemonAotCacheIT {

    private Path work;
    private Path home;
    private Path clusterDir;

    @BeforeEach
    void copyTheDistribution() throws Exception {
        Path base = Path.of(System.getProperty("jslurm.it.clusters", "target/it-clusters")).toAbsolutePath();
        Files.createDirectories(base);
        work = Files.createTempDirectory(base, "aot");
        home = work.resolve("jslurm");
        clusterDir = work.resolve("c");
        Distribution.Result copy = Distribution.fromBuild().runArgv(work, Map.of(), List.of("bash", "-c",
                "cp -a \"$0\" \"$1\" && find \"$1/var\" -name '*.daemon*' -delete",
                Distribution.fromBuild().home().toString(), home.toString()), 120);
        assertThat(copy.exitCode()).as(copy.stderr()).isZero();
    }

    @AfterEach
    void stopAndRemove() throws Exception {
        local("down", "--dir", clusterDir.toString());
        Distribution.fromBuild().runArgv(work, Map.of(), List.of("rm", "-rf", work.toString()), 120);
    }

    @Test
    void firstStartTrainsTheNextMakesTheCacheTheThirdUsesItAndADamagedOneIsIgnored() throws Exception {
        String first = startedControllerCommandLine();
        assumeTrue(first.contains("-XX:AOTMode=record") || first.contains("-XX:AOTCache="),
                "the launcher picked a JDK older than 25: no AOT cache");
        assertThat(first).as("a first start records a training run").contains("-XX:AOTMode=record");
        stop();
        assertThat(files(".record")).as("the record the controller wrote when it stopped").hasSize(1);

        String second = startedControllerCommandLine();
        assertThat(second).as("the start that makes the cache runs without one").doesNotContain("-XX:AOT");
        Path cache = awaitCache(Duration.ofSeconds(180));
        assertThat(files(".record")).as("the record is consumed").isEmpty();
        stop();

        String third = startedControllerCommandLine();
        assertThat(third).contains("-XX:AOTCache=" + cache).contains("-XX:-VerifySharedSpaces");
        assertThat(runOneJob()).isEqualTo("COMPLETED");
        stop();

        // Damaged in place: newer than the check's marker, so the JVM verifies it, refuses it and runs without.
        try (RandomAccessFile file = new RandomAccessFile(cache.toFile(), "rw")) {
            file.seek(file.length() / 2);
            file.write(new byte[4096]);
        }
        String fourth = startedControllerCommandLine();
        assertThat(fourth).contains("-XX:AOTCache=" + cache).contains("-XX:+VerifySharedSpaces");
        assertThat(runOneJob()).isEqualTo("COMPLETED");
        assertThat(Files.readString(clusterDir.resolve("log/slurmctld.log"))).doesNotContain("AOT").doesNotContain("CDS");
    }

    private String startedControllerCommandLine() throws Exception {
        Distribution.Result up = local("up", "--dir", clusterDir.toString(), "--no-accounting");
        assertThat(up.exitCode()).as(up.stderr()).isZero();
        long pid = Long.parseLong(Files.readString(clusterDir.resolve("run/slurmctld.pid")).strip());
        return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
    }

    private void stop() throws Exception {
        Distribution.Result down = local("down", "--dir", clusterDir.toString());
        assertThat(down.exitCode()).as(down.stderr()).isZero();
    }

    /** Submits {@code true} with the copy's sbatch and returns the state scontrol ends up showing. */
    private String runOneJob() throws Exception {
        Distribution.Result run = Distribution.fromBuild().runArgv(work, Map.of(), List.of("bash", "-c", """
                set -e
                eval "$("$0/bin/slurm-local" up --dir "$1" --no-accounting 2>/dev/null)"
                id=$(sbatch --parsable -o /dev/null --wrap true)
                for i in $(seq 600); do
                  state=$(scontrol show job "$id" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
                  case $state in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) echo "$state"; exit 0 ;; esac
                  sleep 0.1
                done
                echo "still $state"
                """, home.toString(), clusterDir.toString()), 120);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run.stdout().strip();
    }

    private Path awaitCache(Duration patience) throws Exception {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            Optional<Path> cache = files(".daemon.aot").stream().findFirst();
            if (cache.isPresent() && Files.exists(Path.of(cache.get() + ".ok"))) {
                return cache.get();
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no controller AOT cache in " + home.resolve("var/cds") + " after " + patience);
    }

    private List<Path> files(String suffix) throws IOException {
        try (Stream<Path> found = Files.walk(home.resolve("var/cds"))) {
            return found.filter(path -> path.getFileName().toString().contains("SlurmctldMain")
                    && path.getFileName().toString().endsWith(suffix)).toList();
        }
    }

    private Distribution.Result local(String... args) throws Exception {
        return Distribution.fromBuild().runArgv(work, Map.of(), Stream.concat(
                Stream.of(home.resolve("bin/slurm-local").toString()), Stream.of(args)).toList(), 120);
    }
}
