package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Steps of one job share its memory as in Slurm 22.05, on one node with memory a consumable resource (slurm-local's
 * CR_Core_Memory): two {@code srun --mem=1200M} in a 2G job run one after the other, the second saying it waits,
 * while 1200M and 800M run together; a step asking more than the job holds is refused at once; {@code --whole} holds
 * all the job's CPUs even with {@code -c}, so a second step waits for it. The jobs have 2G for two srun JVMs.
 */
class StepMemoryIT {

    private static final List<String> JOB = List.of("-n2", "--mem=2G");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static List<String> run(String name, String first, String second, long[] job) throws Exception {
        job[0] = StepPair.submit(CLUSTER.get(), name, JOB, first, second);
        return StepPair.finish(CLUSTER.get(), name, job[0]);
    }

    @Test
    void aStepWaitsForMemoryAnotherStepHolds() throws Exception {
        long[] job = new long[1];
        List<String> lines = run("mem", "-n1 --exact --mem=1200M", "-n1 --exact --mem=1200M", job);
        StepPair.assertSecondWaited(lines, job[0]);
    }

    @Test
    void stepsWhoseMemoryFitsTogetherRunTogether() throws Exception {
        StepPair.assertRanTogether(run("fits", "-n1 --exact --mem=1200M", "-n1 --exact --mem=800M", new long[1]));
    }

    @Test
    void moreMemoryThanTheJobHoldsIsRefusedAtOnce() throws Exception {
        long[] job = new long[1];
        List<String> lines = run("toomuch", "-n1 --exact --mem=100M", "-n1 --exact --mem=3G", job);
        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: error: Unable to create step for job " + job[0]
                        + ": Memory required by task is not available", "second-srun-exit=1")
                .noneMatch(l -> l.startsWith("second ") || l.contains("step creation"));
    }

    @Test
    void aWholeStepHoldsAllTheJobsCpusSoTheNextWaits() throws Exception {
        long[] job = new long[1];
        // --mem=0: neither takes the job's 2G (which SLURM_MEM_PER_NODE would ask for), so only CPUs can make it wait.
        List<String> lines = run("whole", "-n1 -c1 --whole --mem=0", "-n1 -c1 --mem=0", job);
        StepPair.assertSecondWaited(lines, job[0]);
    }
}
