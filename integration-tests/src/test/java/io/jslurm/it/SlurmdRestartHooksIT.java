package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A batch job whose slurmd was killed (SIGKILL) while it ran gets its TaskEpilog and Epilog from the restarted
 * slurmd when it ends, with the job's variables, as it would have without the restart: whether it ends after the
 * restart or while slurmd was down.
 */
class SlurmdRestartHooksIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Path logs;

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void configureHooks() throws Exception {
        Path hooks = Files.createDirectories(cluster().dir().resolve("hooks"));
        logs = Files.createDirectories(cluster().workDir().resolve("hook-logs"));
        program(hooks.resolve("task_epilog"), """
                #!/bin/sh
                echo "task_epilog job=$SLURM_JOB_ID user=$SLURM_JOB_USER uid=$(id -u) marker=$RESTART_MARKER" \\
                    >> %s/task_epilog.log
                """.formatted(logs));
        program(hooks.resolve("epilog"), """
                #!/bin/sh
                echo "$SLURM_SCRIPT_CONTEXT job=$SLURM_JOB_ID user=$SLURM_JOB_USER nodes=$SLURM_JOB_NODELIST" \\
                    >> %s/epilog.log
                """.formatted(logs));
        Files.writeString(cluster().dir().resolve("etc/slurm.conf"), "TaskEpilog=" + hooks.resolve("task_epilog")
                + "\nEpilog=" + hooks.resolve("epilog") + "\n", StandardOpenOption.APPEND);
        cluster().localCommand(List.of("down", "--dir", cluster().dir().toString()));
        cluster().up();
    }

    private static void program(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A job that says it started, then waits for the test's go file. */
    private static long waitingJob(Path go) throws Exception {
        Path started = go.resolveSibling(go.getFileName() + ".started");
        long job = cluster().submit("--export=ALL,RESTART_MARKER=kept", "--wrap",
                "touch " + started + "; while [ ! -e " + go + " ]; do sleep 0.2; done");
        awaitFile(started);
        return job;
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(file).exists();
    }

    private static String awaitLine(String log, String fragment) throws Exception {
        Path file = logs.resolve(log);
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                for (String line : Files.readAllLines(file)) {
                    if (line.contains(fragment)) {
                        return line;
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no line with " + fragment + " in " + log + "\n--- slurmd ---\n"
                + cluster().logTail("slurmd-node1.log", 30));
    }

    /** Starts slurmd again; the node is not idle (the job runs), so slurm-local's wait for idle nodes is cut short. */
    private static void restartSlurmd() throws Exception {
        try {
            cluster().up(Duration.ofSeconds(5));
        } catch (IllegalStateException notIdle) {
            assertThat(cluster().pid("slurmd-node1")).as(notIdle.getMessage()).isPresent();
        }
    }

    private static void awaitSlurmdLog(String fragment) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (!cluster().logTail("slurmd-node1.log", 200).contains(fragment) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(cluster().logTail("slurmd-node1.log", 200)).contains(fragment);
    }

    private static void assertHooksRanFor(long job) throws Exception {
        String user = System.getProperty("user.name");
        assertThat(awaitLine("task_epilog.log", "job=" + job + " "))
                .isEqualTo("task_epilog job=" + job + " user=" + user + " uid=" + new com.sun.security.auth.module
                        .UnixSystem().getUid() + " marker=kept");
        assertThat(awaitLine("epilog.log", "job=" + job + " "))
                .isEqualTo("epilog_slurmd job=" + job + " user=" + user + " nodes=node1");
    }

    @Test
    void aJobEndingAfterSlurmdWasKilledAndRestartedGetsItsTaskEpilogAndEpilog() throws Exception {
        Path go = cluster().workDir().resolve("go-after-restart");
        long job = waitingJob(go);
        cluster().kill9("slurmd-node1");
        restartSlurmd();
        awaitSlurmdLog("job " + job + ": re-attached");
        Files.writeString(go, "");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertHooksRanFor(job);
    }

    @Test
    void aJobEndingWhileSlurmdWasDownGetsThemWhenSlurmdReturns() throws Exception {
        Path go = cluster().workDir().resolve("go-while-down");
        long job = waitingJob(go);
        cluster().kill9("slurmd-node1");
        Files.writeString(go, "");
        Thread.sleep(1000);
        assertThat(logs.resolve("task_epilog.log")).satisfiesAnyOf(
                log -> assertThat(log).doesNotExist(),
                log -> assertThat(Files.readString(log)).doesNotContain("job=" + job + " "));
        restartSlurmd();
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertHooksRanFor(job);
        // The restarted slurmd's registration still names the job, so the controller waits for its end report
        // instead of taking it as lost with the node.
        assertThat(cluster().logTail("slurmctld.log", 200)).doesNotContain("no longer runs JobId=" + job + "\n")
                .doesNotContain("JobId=" + job + " requeued");
    }
}
