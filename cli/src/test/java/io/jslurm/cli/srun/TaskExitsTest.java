package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TaskExitsTest {

    @Test
    void theStepExitsWithTheWorstTasksStatus() {
        TaskExits exits = new TaskExits();
        exits.record(0, new TaskExits.Exit("n1", 0, 0));
        exits.record(1, new TaskExits.Exit("n1", 3, 0));
        exits.record(2, new TaskExits.Exit("n2", 1, 0));
        assertThat(exits.status()).isEqualTo(3);
        exits.record(3, new TaskExits.Exit("n2", 0, 9));
        assertThat(exits.status()).isEqualTo(137);
        assertThat(exits.worst().signal()).isEqualTo(9);
    }

    @Test
    void failedTasksAreReportedPerNodeAndOutcome() {
        TaskExits exits = new TaskExits();
        exits.record(0, new TaskExits.Exit("n1", 2, 0));
        exits.record(1, new TaskExits.Exit("n1", 2, 0));
        exits.record(2, new TaskExits.Exit("n2", 0, 0));
        exits.record(3, new TaskExits.Exit("n2", 0, 15));
        assertThat(exits.failures()).containsExactly("n1: tasks 0-1: Exited with exit code 2",
                "n2: task 3: Terminated");
    }

    @Test
    void aTaskTheOomKillerEndedIsOutOfMemory() {
        TaskExits exits = new TaskExits();
        exits.record(0, new TaskExits.Exit("n1", 0, 0));
        assertThat(exits.outOfMemory()).isFalse();
        exits.record(1, new TaskExits.Exit("n1", 0, 9, true));
        assertThat(exits.failures()).containsExactly("n1: task 1: Out Of Memory");
        assertThat(exits.status()).isEqualTo(137);
        assertThat(exits.outOfMemory()).isTrue();
    }

    @Test
    void taskIdsAreWrittenAsRanges() {
        assertThat(TaskExits.ranges(List.of(0, 1, 2, 5, 7, 8))).isEqualTo("0-2,5,7-8");
    }
}
