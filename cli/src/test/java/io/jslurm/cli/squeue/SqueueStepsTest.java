package io.jslurm.cli.squeue;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.StepRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** squeue --steps over known jobs and steps: Slurm's step columns, batch steps, ordering and filters. */
class SqueueStepsTest {

    private static List<JobRecord> jobs() {
        return List.of(Records.training().toBuilder().setBatchFlag(true).build(), Records.evaluation(),
                Records.sweepTask0().toBuilder().setBatchFlag(true).build(), Records.preprocessing(),
                Records.finished());
    }

    private static List<StepRecord> steps() {
        return List.of(step(101, 0, "torchrun", "gpu[01-02]", "10:01:00", "RUNNING"),
                step(101, 1, "eval", "gpu01", "10:02:00", "COMPLETED"),
                step(103, 0, "bash", "cpu001", "09:16:00", "RUNNING"),
                step(200, 0, "python", "gpu03", "10:10:30", "RUNNING"),
                step(99, 0, "old", "gpu01", "08:01:00", "COMPLETED"));
    }

    private static StepRecord step(int job, int id, String name, String nodes, String start, String state) {
        return StepRecord.newBuilder().setJobId(job).setStepId(id).setName(name).setNodeList(nodes)
                .setStartTime(Records.at(start)).setState(state).setNtasks(2).build();
    }

    private static String squeue(String... args) {
        Console console = Console.offline(Map.of());
        int status = new Squeue(console.env()).showSteps(List.of(args), jobs(), steps());
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        return console.out();
    }

    @Test
    void runningStepsWithBatchStepsByPartitionThenStepId() {
        assertThat(squeue("-s")).isEqualTo("""
                         STEPID     NAME PARTITION     USER      TIME NODELIST
                          103.0     bash       cpu    carol     59:30 cpu001
                          101.0 torchrun       gpu    alice     14:30 gpu[01-02]
                      101.batch    batch       gpu    alice     15:30 gpu01
                        200_0.0   python       gpu    alice      5:00 gpu03
                    200_0.batch    batch       gpu    alice      5:30 gpu03
                """);
    }

    @Test
    void stepListAndUserFilterNarrowTheLines() {
        assertThat(squeue("--steps=101.0,103.0", "-h")).isEqualTo("""
                          103.0     bash       cpu    carol     59:30 cpu001
                          101.0 torchrun       gpu    alice     14:30 gpu[01-02]
                """);
        assertThat(squeue("-s", "-u", "carol", "-h", "-o", "%i %A %U")).isEqualTo("103.0 2 1002\n");
    }

    @Test
    void stepsAndAJobListTogetherAreRefused() {
        Console console = Console.offline(Map.of());
        int status = new Squeue(console.env()).showSteps(List.of("-j", "101", "--steps=101.0"), jobs(), steps());
        assertThat(status).isEqualTo(1);
        assertThat(console.err()).isEqualTo("squeue: error: Incompatible options --jobs and --steps\n");
    }
}
