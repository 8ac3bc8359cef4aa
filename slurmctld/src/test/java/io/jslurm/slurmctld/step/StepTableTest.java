package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepTableTest {

    @Test
    void stepIdsCountUpPerJob() {
        StepTable table = new StepTable();
        assertThat(table.add(7, StepRecord.newBuilder()).getStepId()).isZero();
        assertThat(table.add(7, StepRecord.newBuilder()).getStepId()).isEqualTo(1);
        assertThat(table.add(8, StepRecord.newBuilder()).getStepId()).isZero();
        assertThat(table.of(List.of(7L))).extracting(StepRecord::getStepId).containsExactly(0, 1);
    }

    @Test
    void finishedStepsKeepTheirStateAndRunningOnesEndWithTheJob() {
        StepTable table = new StepTable();
        table.add(7, StepRecord.newBuilder());
        table.add(7, StepRecord.newBuilder());
        assertThat(table.finish(7, 0, 2, 0, "FAILED", 1_000)).isTrue();
        assertThat(table.finish(7, 5, 0, 0, "COMPLETED", 1_000)).isFalse();
        table.endJob(7, 2_000);
        assertThat(table.of(List.of())).extracting(StepRecord::getState).containsExactly("FAILED", "CANCELLED");
        assertThat(table.of(List.of()).get(0).getExitCode()).isEqualTo(2);
    }

    @Test
    void onlyRunningStepsHoldTheirCpusAndGpus() {
        StepTable table = new StepTable();
        table.hold(7, table.add(7, StepRecord.newBuilder()).getStepId(),
                Map.of("n1", new StepHold(1, List.of(0)), "n2", new StepHold(2, List.of())));
        table.hold(7, table.add(7, StepRecord.newBuilder()).getStepId(), Map.of("n1", new StepHold(2, List.of(2, 1))));
        table.hold(8, table.add(8, StepRecord.newBuilder()).getStepId(), Map.of("n1", new StepHold(4, List.of(3))));
        assertThat(table.busy(7)).isEqualTo(Map.of("n1", new StepHold(3, List.of(0, 1, 2)),
                "n2", new StepHold(2, List.of())));

        table.finish(7, 0, 0, 0, "COMPLETED", 1_000);
        assertThat(table.busy(7)).isEqualTo(Map.of("n1", new StepHold(2, List.of(1, 2))));
        table.release(7, 1);
        assertThat(table.busy(7)).as("released while still RUNNING").isEmpty();
        assertThat(table.get(7, 1).orElseThrow().getState()).isEqualTo("RUNNING");
        table.endJob(7, 2_000);
        assertThat(table.busy(7)).isEmpty();
        assertThat(table.busy(8)).isEqualTo(Map.of("n1", new StepHold(4, List.of(3))));
    }

    @Test
    void nodesReportsOfAStepAddUpAndAnUnknownStepKeepsNone() {
        StepTable table = new StepTable();
        table.add(7, StepRecord.newBuilder().setNtasks(2));
        ResourceUsage n1 = ResourceUsage.newBuilder().setUserCpuMicros(1_000_000).setMaxRssKb(300).build();
        ResourceUsage n2 = ResourceUsage.newBuilder().setUserCpuMicros(500_000).setMaxRssKb(100).build();

        assertThat(table.addUsage(7, 0, "n1", n1)).isPresent();
        assertThat(table.addUsage(7, 0, "n2", n2)).isPresent();
        assertThat(table.addUsage(7, 0, "n2", n2)).as("a report sent twice counts once").isPresent();
        assertThat(table.addUsage(7, 4, "n1", n1)).isEmpty();

        assertThat(table.usage(7, 0).total().getUserCpuMicros()).isEqualTo(1_500_000);
        assertThat(table.usage(7, 0).total().getMaxRssKb()).isEqualTo(300);
        assertThat(table.usage(7, 0).averageRssKb(2)).isEqualTo(200);
        assertThat(table.usage(7, 4).isEmpty()).isTrue();
        assertThat(table.finish(7, 0, 0, 0, "COMPLETED", 1_234)).isTrue();
        assertThat(table.get(7, 0).orElseThrow().getEndTime()).isEqualTo(1_234);
    }
}
