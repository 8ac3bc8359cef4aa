package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Steps of one job share its memory as in Slurm 22.05, on one node with memory a consumable resource (slurm-local's
 * CR_Core_Memory): two {@code srun --mem=1200M} in a 2G job run one after the other, the second saying it waits; a
 * step asking more than the job holds is refused at once; {@code --whole} holds all the job's CPUs even with
 * {@code -c}, so a second step waits for it. Each batch script starts the first step, waits until its task runs, then
 * starts the second. The jobs have 2G for two srun JVMs.
 */
class StepMemoryIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    /** Writes "NAME start T" and "NAME end T" (seconds since the epoch) around two seconds of sleep. */
    private static Path probe() throws Exception {
        return cluster().script("timed.sh", "#!/bin/sh\necho \"$1 start $(date +%s.%N)\"\ntouch \"$2\"\n"
                + "sleep 2\necho \"$1 end $(date +%s.%N)\"\n");
    }

    private static long submit(String name, String firstStepOptions, String secondStepOptions) throws Exception {
        Path probe = probe();
        String marker = cluster().workDir().resolve(name + "-first-runs").toString();
        return cluster().submit("-n2", "--mem=2G", "-o", name + "-%j.out", "--wrap",
                "rm -f " + marker + "; srun -n1 " + firstStepOptions + " sh " + probe + " first " + marker + " & "
                        + "for i in $(seq 300); do [ -e " + marker + " ] && break; sleep 0.1; done; "
                        + "srun -n1 " + secondStepOptions + " sh " + probe + " second " + marker
                        + "; echo second-srun-exit=$?; wait");
    }

    private static List<String> finish(String name, long job) throws Exception {
        Path out = cluster().workDir().resolve(name + "-" + job + ".out");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED"))
                .as(Files.exists(out) ? Files.readString(out) : "(no output)").isIn("COMPLETED", "FAILED");
        return Files.readAllLines(out);
    }

    private static BigDecimal time(List<String> lines, String prefix) {
        return new BigDecimal(lines.stream().filter(l -> l.startsWith(prefix + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + prefix + "' in " + lines))
                .substring(prefix.length() + 1));
    }

    @Test
    void aStepWaitsForMemoryAnotherStepHolds() throws Exception {
        long job = submit("mem", "--exact --mem=1200M", "--exact --mem=1200M");
        List<String> lines = finish("mem", job);

        assertThat(time(lines, "second start")).as(String.join("\n", lines))
                .isGreaterThanOrEqualTo(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: Job " + job + " step creation temporarily disabled, retrying (Requested nodes are busy)",
                        "srun: Step created for job " + job, "second-srun-exit=0");
    }

    @Test
    void stepsWhoseMemoryFitsTogetherRunTogether() throws Exception {
        long job = submit("fits", "--exact --mem=1200M", "--exact --mem=800M");
        List<String> lines = finish("fits", job);

        assertThat(time(lines, "second start")).as(String.join("\n", lines)).isLessThan(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines)).noneMatch(l -> l.contains("step creation"))
                .contains("second-srun-exit=0");
    }

    @Test
    void moreMemoryThanTheJobHoldsIsRefusedAtOnce() throws Exception {
        long job = submit("toomuch", "--exact --mem=100M", "--exact --mem=3G");
        List<String> lines = finish("toomuch", job);

        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: error: Unable to create step for job " + job
                        + ": Memory required by task is not available", "second-srun-exit=1")
                .noneMatch(l -> l.startsWith("second ") || l.contains("step creation"));
    }

    @Test
    void aWholeStepHoldsAllTheJobsCpusSoTheNextWaits() throws Exception {
        long job = submit("whole", "-c1 --whole", "-c1");
        List<String> lines = finish("whole", job);

        assertThat(time(lines, "second start")).as(String.join("\n", lines))
                .isGreaterThanOrEqualTo(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: Job " + job + " step creation temporarily disabled, retrying (Requested nodes are busy)",
                        "second-srun-exit=0");
    }
}
