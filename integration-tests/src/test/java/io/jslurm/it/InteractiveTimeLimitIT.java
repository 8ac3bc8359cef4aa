package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The controller ends jobs of srun alone and salloc at their time limit (--time=1, Slurm's shortest): each becomes
 * TIMEOUT within seconds of the minute, srun's step is killed on its node and srun says why and exits with the
 * task's signal status, salloc -K says its allocation was revoked and ends its command; sacct shows the jobs
 * TIMEOUT and srun's step CANCELLED.
 */
class InteractiveTimeLimitIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    /** The limit, and how long after it the job may take to end: the controller checks every 2 s at most. */
    private static final Duration LIMIT = Duration.ofMinutes(1);
    private static final Duration SLACK = Duration.ofSeconds(15);

    private static final Distribution DIST = Distribution.fromBuild();

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void srunAloneAndSallocEndTimeoutAtTheirLimit() throws Exception {
        // Both run at once, so the test waits out the minute once.
        CompletableFuture<Distribution.Result> srun = inBackground("srun", "-J", "tl-srun", "-n1", "--time=1",
                "sleep", "300");
        CompletableFuture<Distribution.Result> salloc = inBackground("salloc", "-J", "tl-salloc", "-n1", "--time=1",
                "-K", "sleep", "300");
        long srunJob = cluster().awaitRunningJobNamed("tl-srun");
        long sallocJob = cluster().awaitRunningJobNamed("tl-salloc");
        long runningSince = System.nanoTime();

        Distribution.Result srunResult = srun.get(LIMIT.plus(SLACK).toSeconds() + 30, TimeUnit.SECONDS);
        Duration srunTook = Duration.ofNanos(System.nanoTime() - runningSince);
        Distribution.Result sallocResult = salloc.get(30, TimeUnit.SECONDS);
        Duration sallocTook = Duration.ofNanos(System.nanoTime() - runningSince);

        assertThat(srunTook).as("srun ended near its limit").isLessThan(LIMIT.plus(SLACK));
        assertThat(srunResult.exitCode()).as(srunResult.stderr()).isEqualTo(128 + 15);
        assertThat(srunResult.stderr())
                .containsPattern("srun: error: \\*\\*\\* STEP " + srunJob + "\\.0 ON \\S+ CANCELLED AT "
                        + "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d DUE TO TIME LIMIT \\*\\*\\*")
                .containsPattern("srun: error: \\S+: task 0: Terminated")
                .contains("srun: Job " + srunJob + " has exceeded its time limit and its allocation has been revoked.");

        assertThat(sallocTook).as("salloc ended near its limit").isLessThan(LIMIT.plus(SLACK));
        assertThat(sallocResult.exitCode()).as("command ended by SIGTERM: " + sallocResult.stderr()).isEqualTo(1);
        assertThat(sallocResult.stderr())
                .contains("salloc: Job " + sallocJob + " has exceeded its time limit and its allocation has been revoked.")
                .doesNotContain("Relinquishing");

        assertThat(cluster().ok("squeue", "-h", "-t", "all", "-o", "%i %T %r", "-j", srunJob + "," + sallocJob)
                .lines().map(String::strip).toList())
                .containsExactlyInAnyOrder(srunJob + " TIMEOUT TimeLimit", sallocJob + " TIMEOUT TimeLimit");
        List<String> rows = cluster().awaitSacctRows(List.of(srunJob, sallocJob), "JobID,JobName,State", 3);
        assertThat(rows).contains(srunJob + "|tl-srun|TIMEOUT", srunJob + ".0|tl-srun|CANCELLED",
                sallocJob + "|tl-salloc|TIMEOUT");
    }

    private static CompletableFuture<Distribution.Result> inBackground(String command, String... args) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                // Longer than Cluster.run's minute: the job runs its minute first.
                List<String> argv = new java.util.ArrayList<>(List.of(DIST.bin(command).toString()));
                argv.addAll(List.of(args));
                return DIST.runArgv(cluster().workDir(), cluster().environment(), argv, 150);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }
}
