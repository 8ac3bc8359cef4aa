package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Where {@code scancel -s} sends a signal, as in Slurm: to the job's steps only by default, to the batch shell alone
 * with {@code --batch}, to both with {@code --full}; and {@code sbatch --wait} ending with the job's exit status.
 */
class ScancelSignalsIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void theDefaultReachesTheStepsBatchTheShellAndFullBoth() throws Exception {
        Path dir = cluster().workDir();
        Path log = dir.resolve("signals.log");
        Path stepReady = dir.resolve("step-ready");
        // Each trap appends a line to the log; the step's task and the batch shell each wait in short sleeps.
        Path step = cluster().script("signal-step.sh", "#!/bin/bash\n"
                + "trap 'echo step-USR1 >> " + log + "' USR1\n"
                + "trap 'echo step-USR2 >> " + log + "' USR2\n"
                + "touch " + stepReady + "\n"
                + "while :; do sleep 0.2; done\n");
        Path batch = cluster().script("signal-batch.sh", "#!/bin/bash\n"
                + "trap 'echo batch-USR1 >> " + log + "' USR1\n"
                + "trap 'echo batch-USR2 >> " + log + "' USR2\n"
                + "srun -n1 bash " + step + " &\n"
                + "while :; do sleep 0.2; done\n");
        long job = cluster().submit("-n1", "--mem=1G", "-o", "signals-%j.out", batch.toString());
        String id = Long.toString(job);
        await(() -> Files.exists(stepReady), "the step's task runs");

        cluster().ok("scancel", "-s", "USR1", id);
        await(() -> lines(log).contains("step-USR1"), "the step got USR1");
        Thread.sleep(1000);
        assertThat(lines(log)).as("scancel -s USR1 leaves the batch shell alone").doesNotContain("batch-USR1");

        cluster().ok("scancel", "--batch", "-s", "USR1", id);
        await(() -> lines(log).contains("batch-USR1"), "the batch shell got USR1");
        assertThat(lines(log)).as("--batch signals the shell only").containsOnlyOnce("step-USR1");

        cluster().ok("scancel", "--full", "-s", "USR2", id);
        await(() -> lines(log).contains("batch-USR2") && lines(log).contains("step-USR2"), "both got USR2");

        cluster().ok("scancel", id);
        cluster().awaitState(job, Cluster.patience(), "CANCELLED");
    }

    @Test
    void sbatchWaitEndsWithTheJobsExitStatus() throws Exception {
        Distribution.Result failed = cluster().run("sbatch", "--wait", "-o", "/dev/null", "--wrap", "sleep 1; exit 3");
        assertThat(failed.stdout()).as(failed.stderr()).matches("Submitted batch job \\d+\n");
        assertThat(failed.exitCode()).isEqualTo(3);
        Distribution.Result ok = cluster().run("sbatch", "--wait", "-o", "/dev/null", "--wrap", "true");
        assertThat(ok.exitCode()).as(ok.stderr()).isZero();
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws Exception {
        Instant deadline = Instant.now().plus(Cluster.patience());
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("timed out waiting until " + what + "; log: "
                        + lines(cluster().workDir().resolve("signals.log")) + "; slurmd: "
                        + cluster().logTail("slurmd-node1.log", 30));
            }
            Thread.sleep(100);
        }
    }
}
