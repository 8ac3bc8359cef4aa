package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * scontrol suspend and resume of jobs that have no batch script (srun alone, salloc running srun): the job's cgroup
 * is frozen with its steps, so a task writing a line every quarter second stops, squeue shows S; after resume it
 * goes on and the job ends COMPLETED.
 */
class SuspendStepsIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    /** A task that writes 80 numbered lines, one every 0.25 s, into {@code file}. */
    private static String[] counter(Path file) {
        return new String[] {"bash", "-c", "for i in $(seq 1 80); do echo $i >> " + file + "; sleep 0.25; done"};
    }

    @Test
    void srunAloneIsFrozenWhileSuspendedAndCompletesAfterResume() throws Exception {
        Path ticks = cluster().workDir().resolve("srun-ticks.txt");
        CompletableFuture<Distribution.Result> srun = inBackground(concat(
                new String[] {"-J", "susp-srun", "-n1"}, counter(ticks)), "srun");
        suspendAndResume(cluster().awaitRunningJobNamed("susp-srun"), ticks, srun);
    }

    @Test
    void sallocsStepIsFrozenWhileSuspendedAndCompletesAfterResume() throws Exception {
        Path ticks = cluster().workDir().resolve("salloc-ticks.txt");
        CompletableFuture<Distribution.Result> salloc = inBackground(concat(
                new String[] {"-J", "susp-salloc", "-n1", "srun", "-n1"}, counter(ticks)), "salloc");
        suspendAndResume(cluster().awaitRunningJobNamed("susp-salloc"), ticks, salloc);
    }

    private static void suspendAndResume(long job, Path ticks, CompletableFuture<Distribution.Result> command)
            throws Exception {
        Ticks.awaitGrowth(ticks, Duration.ofSeconds(30));

        long frozenAt = Ticks.suspendAndCheckFrozen(cluster(), job, ticks);
        assertThat(frozenAt).as("suspended before the task's end").isLessThan(80);

        cluster().ok("scontrol", "resume", Long.toString(job));
        cluster().awaitState(job, Duration.ofSeconds(10), "RUNNING", "COMPLETED");
        Distribution.Result result = command.get(60, TimeUnit.SECONDS);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(Ticks.count(ticks)).as("the task went on to its end after resume").isEqualTo(80);
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED", "CANCELLED"))
                .isEqualTo("COMPLETED");
    }

    private static CompletableFuture<Distribution.Result> inBackground(String[] args, String command) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return cluster().run(command, args);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    private static String[] concat(String[] a, String[] b) {
        String[] both = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
