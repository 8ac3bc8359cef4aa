package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ctrl-C at srun as a user types it: one SIGINT makes srun say how to abort and report the step's tasks while the
 * step runs on; a second within a second aborts the step, whose task is killed on its node, and srun exits.
 */
class SrunInterruptIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static final Distribution DIST = Distribution.fromBuild();

    /** A sleep no other test runs, so that whether its process still exists says whether the task was killed. */
    private static final String SLEEP = "3171";

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void oneCtrlCReportsTheStepAndASecondWithinASecondAbortsIt() throws Exception {
        Path out = Files.createTempFile(cluster().workDir(), "ctrlc", ".out");
        Path err = Files.createTempFile(cluster().workDir(), "ctrlc", ".err");
        // Started from a test runner, SIGINT may arrive ignored, and an ignored signal stays ignored across exec
        // and in the JVM; a terminal gives srun the default disposition, which perl restores before exec.
        ProcessBuilder builder = new ProcessBuilder(List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die",
                DIST.bin("srun").toString(), "-J", "ctrlc", "-n1", "bash", "-c", "echo started; exec sleep " + SLEEP))
                .directory(cluster().workDir().toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().putAll(cluster().environment());
        Process srun = builder.start();
        try {
            long job = cluster().awaitRunningJobNamed("ctrlc");
            awaitContent(out, "started");

            interrupt(srun);
            awaitContent(err, "srun: interrupt (one more within 1 sec to abort)");
            Thread.sleep(1500);
            assertThat(srun.isAlive()).as("one Ctrl-C leaves the step running: " + read(err)).isTrue();
            assertThat(sleepRuns()).as("the task runs on after one Ctrl-C").isTrue();

            interrupt(srun);
            Thread.sleep(200);
            interrupt(srun);
            assertThat(srun.waitFor(30, TimeUnit.SECONDS)).as("srun ends after two Ctrl-C: " + read(err)).isTrue();
            assertThat(srun.exitValue()).as(read(err)).isNotZero();
            assertThat(read(err)).contains("srun: forcing job termination", "srun: Job step aborted");

            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (sleepRuns() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(sleepRuns()).as("the step's task was killed on its node").isFalse();
            // srun gave its allocation back: the job ended.
            cluster().awaitState(job, Duration.ofSeconds(30), "COMPLETED", "CANCELLED", "FAILED");
        } finally {
            srun.destroyForcibly();
        }
    }

    private static void interrupt(Process process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start();
        assertThat(kill.waitFor()).isZero();
    }

    private static boolean sleepRuns() throws Exception {
        Process pgrep = new ProcessBuilder("pgrep", "-f", "^sleep " + SLEEP + "$").start();
        return pgrep.waitFor() == 0;
    }

    private static void awaitContent(Path file, String text) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (!read(file).contains(text) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(read(file)).contains(text);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "(" + e + ")";
        }
    }
}
