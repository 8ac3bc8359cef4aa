package io.jslurm.slurmctld.step;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.StepRecord;
import java.util.List;
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
        assertThat(table.finish(7, 0, 2, 0, "FAILED")).isTrue();
        assertThat(table.finish(7, 5, 0, 0, "COMPLETED")).isFalse();
        table.endJob(7);
        assertThat(table.of(List.of())).extracting(StepRecord::getState).containsExactly("FAILED", "CANCELLED");
        assertThat(table.of(List.of()).get(0).getExitCode()).isEqualTo(2);
    }
}
