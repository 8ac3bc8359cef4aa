package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

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

    private static long submit(String name, String secondStepOptions) throws Exception {
        return StepPair.submit(cluster(), name, List.of("-n2", "--gres=gpu:1", "--mem=2G"), "-n1 --exact --gpus=1",
                "-n1 --exact --gpus=1 " + secondStepOptions);
    }

    private static List<String> finish(String name, long job) throws Exception {
        return StepPair.finish(cluster(), name, job);
    }

    @Test
    void aSecondOneGpuStepWaitsForTheFirstToEnd() throws Exception {
        long job = submit("wait", "");
        List<String> lines = finish("wait", job);

        StepPair.assertSecondWaited(lines, job);
    }

    @Test
    void overlappingStepsRunTogether() throws Exception {
        long job = submit("overlap", "--overlap");
        List<String> lines = finish("overlap", job);

        StepPair.assertRanTogether(lines);
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
