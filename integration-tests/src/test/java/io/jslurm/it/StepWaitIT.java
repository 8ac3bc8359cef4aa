package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Steps of one job wait for each other's resources, on one node with one stand-in GPU: two {@code srun --gpus=1}
 * steps in a one-GPU job run one after the other, the second saying it waits; {@code --overlap} lets them run
 * together; {@code -I} gives up at once. Each batch script starts the first step, waits until its task runs,
 * then starts the second. The jobs have 2G: two srun JVMs.
 */
class StepWaitIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 1, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    /** Writes "NAME start T" and "NAME end T" (seconds since the epoch) around two seconds of sleep. */
    private static Path probe() throws Exception {
        return cluster().script("timed.sh", "#!/bin/sh\necho \"$1 start $(date +%s.%N)\"\ntouch \"$2\"\n"
                + "sleep 2\necho \"$1 end $(date +%s.%N)\"\n");
    }

    private static long submit(String name, String secondStepOptions) throws Exception {
        Path probe = probe();
        String marker = cluster().workDir().resolve(name + "-first-runs").toString();
        return cluster().submit("-n2", "--gres=gpu:1", "--mem=2G", "-o", name + "-%j.out", "--wrap",
                "rm -f " + marker + "; srun -n1 --exact --gpus=1 sh " + probe + " first " + marker + " & "
                        + "for i in $(seq 300); do [ -e " + marker + " ] && break; sleep 0.1; done; "
                        + "srun -n1 --exact --gpus=1 " + secondStepOptions + " sh " + probe + " second " + marker
                        + "; echo second-srun-exit=$?; wait");
    }

    private static List<String> finish(String name, long job) throws Exception {
        Path out = cluster().workDir().resolve(name + "-" + job + ".out");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED"))
                .as(Files.exists(out) ? Files.readString(out) : "(no output)").isEqualTo("COMPLETED");
        return Files.readAllLines(out);
    }

    private static BigDecimal time(List<String> lines, String prefix) {
        return new BigDecimal(lines.stream().filter(l -> l.startsWith(prefix + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + prefix + "' in " + lines))
                .substring(prefix.length() + 1));
    }

    @Test
    void aSecondOneGpuStepWaitsForTheFirstToEnd() throws Exception {
        long job = submit("wait", "");
        List<String> lines = finish("wait", job);

        assertThat(time(lines, "second start")).as(String.join("\n", lines))
                .isGreaterThanOrEqualTo(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: Job " + job + " step creation temporarily disabled, retrying (Requested nodes are busy)",
                        "srun: Step created for job " + job, "second-srun-exit=0");
    }

    @Test
    void overlappingStepsRunTogether() throws Exception {
        long job = submit("overlap", "--overlap");
        List<String> lines = finish("overlap", job);

        assertThat(time(lines, "second start")).as(String.join("\n", lines)).isLessThan(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines)).noneMatch(l -> l.contains("step creation"))
                .contains("second-srun-exit=0");
    }

    @Test
    void immediateGivesUpWhileTheGpuIsBusy() throws Exception {
        long job = submit("immediate", "-I");
        List<String> lines = finish("immediate", job);

        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: error: Unable to create step for job " + job + ": Requested nodes are busy",
                        "second-srun-exit=1")
                .noneMatch(l -> l.startsWith("second "));
    }
}
