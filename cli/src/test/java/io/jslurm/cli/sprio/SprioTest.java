package io.jslurm.cli.sprio;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.JobPriorityFactors;
import io.jslurm.protocol.proto.PriorityFactorsResponse;
import io.jslurm.protocol.proto.PriorityWeightSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class SprioTest {

    static final PriorityWeightSet WEIGHTS = PriorityWeightSet.newBuilder().setAge(1000).setFairshare(10000)
            .setPartition(1000).build();

    static final PriorityFactorsResponse ANSWER = PriorityFactorsResponse.newBuilder().setMultifactor(true)
            .setWeights(WEIGHTS)
            .addJobs(JobPriorityFactors.newBuilder().setJobId(65539).setPartition("batch").setUserName("alice")
                    .setPriority(6166).setAge(0.0007180).setFairshare(0.5166470).setPartitionFactor(1.0))
            .addJobs(JobPriorityFactors.newBuilder().setJobId(65540).setPartition("batch").setUserName("bob")
                    .setPriority(11001).setAge(0.001).setFairshare(1.0).setPartitionFactor(1.0).setNice(-5))
            .build();

    private static String run(PriorityFactorsResponse answer, String... args) {
        Console console = Console.offline();
        int status = new Sprio(console.env()).show(List.of(args), answer);
        assertThat(status).as(console.err()).isZero();
        return console.out();
    }

    @Test
    void defaultLayoutLeavesOutFactorsWithoutWeight() {
        assertThat(run(ANSWER)).isEqualTo("""
                          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE  PARTITION
                          65539 batch           6166          0          1       5166       1000
                          65540 batch          11001          0          1      10000       1000
                """);
    }

    @Test
    void normalizedLongAndUserLayouts() {
        assertThat(run(ANSWER, "-n", "-h").lines().toList()).containsExactly(
                "          65539 batch     0.00000144 0.0007180  0.5166470  1.0000000 ",
                "          65540 batch     0.00000256 0.0010000  1.0000000  1.0000000 ");
        assertThat(run(ANSWER, "-l").lines().findFirst().orElseThrow()).isEqualTo(
                "          JOBID PARTITION     USER   PRIORITY       SITE        AGE  FAIRSHARE  PARTITION        NICE");
        assertThat(run(ANSWER, "-l").lines().toList().get(2)).endsWith("       1000          -5");
        assertThat(run(ANSWER, "-u", "alice").lines().findFirst().orElseThrow())
                .startsWith("          JOBID PARTITION     USER   PRIORITY");
    }

    @Test
    void weightsLineShowsTheConfiguredWeights() {
        assertThat(run(ANSWER, "-w")).isEqualTo("""
                          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE  PARTITION
                        Weights                               1       1000      10000       1000
                """);
    }

    @Test
    void formatOptionPicksTheColumns() {
        assertThat(run(ANSWER, "-o", "%i|%u|%Y|%F|%T", "-h")).isEqualTo("""
                65539|alice|6166|5166|
                65540|bob|11001|10000|
                """);
    }

    @Test
    void tresWeightsAddTheTresColumn() {
        PriorityFactorsResponse answer = ANSWER.toBuilder().setWeights(WEIGHTS.toBuilder().putTres("cpu", 2000)
                .putTres("gres/gpu", 4000)).setJobs(0, ANSWER.getJobs(0).toBuilder().putTres("cpu", 0.25)
                .putTres("gres/gpu", 0.5)).build();

        // The default TRES column is 20 wide and cuts longer values, as Slurm's does.
        assertThat(run(answer, "-j", "65539").lines().toList().get(1)).endsWith(" cpu=500,gres/gpu=200");
        assertThat(run(answer, "-h", "-o", "%i %T").lines().toList().get(0))
                .isEqualTo("65539 cpu=500,gres/gpu=2000");
    }

    @Test
    void priorityBasicIsRefused() {
        Console console = Console.offline();
        int status = new Sprio(console.env()).show(List.of(), PriorityFactorsResponse.getDefaultInstance());

        assertThat(status).isEqualTo(1);
        assertThat(console.err()).isEqualTo("""
                You are not running a supported priority plugin
                (priority/basic).
                Only 'priority/multifactor' is supported.
                """);
    }

    @Test
    void badJobIdAndFormatAreNamed() {
        Console console = Console.offline();
        assertThat(new Sprio(console.env()).show(List.of("-j", "12x"), ANSWER)).isEqualTo(1);
        assertThat(console.err()).isEqualTo("sprio: error: Invalid job id: 12x\n");
        Console format = Console.offline();
        assertThat(new Sprio(format.env()).show(List.of("-o", "%i %Z"), ANSWER)).isEqualTo(1);
        assertThat(format.err()).contains("Z");
    }
}
