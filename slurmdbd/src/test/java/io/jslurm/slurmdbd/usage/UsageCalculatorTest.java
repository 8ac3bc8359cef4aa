package io.jslurm.slurmdbd.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UsageCalculatorTest {

    private static final UserAccount ALICE = new UserAccount("alice", "ml");

    @Test
    void splitsTheCapacityIntoAllocatedDownAndIdle() {
        // 10 CPUs for an hour; alice holds 4 for half of it; a 2-CPU node is down for the whole hour.
        Usage u = UsageCalculator.usage(Map.of(ALICE, List.of(new Span(1800, 3600, 4))), List.of(new Span(0, 0, 10)),
                List.of(new Span(0, 0, 2)), 0, 3600);

        assertThat(u.reported()).isEqualTo(36_000);
        assertThat(u.allocated()).isEqualTo(7_200);
        assertThat(u.down()).isEqualTo(7_200);
        assertThat(u.idle()).isEqualTo(36_000 - 7_200 - 7_200);
        assertThat(u.overCommitted()).isZero();
        assertThat(u.byUser()).containsExactlyEntriesOf(Map.of(ALICE, 7_200L));
    }

    @Test
    void jobsUnderNoAssociationCountForTheClusterOnly() {
        Usage u = UsageCalculator.usage(Map.of(UserAccount.NONE, List.of(new Span(0, 100, 1)), ALICE,
                List.of(new Span(0, 50, 2))), List.of(new Span(0, 0, 4)), List.of(), 0, 100);

        assertThat(u.allocated()).isEqualTo(200);
        assertThat(u.byUser()).containsOnlyKeys(ALICE);
    }

    @Test
    void allocationBeyondTheCapacityIsOverCommittedNotNegativeIdle() {
        Usage u = UsageCalculator.usage(Map.of(ALICE, List.of(new Span(0, 0, 8))), List.of(new Span(0, 0, 4)),
                List.of(), 0, 10);

        assertThat(u.allocated()).isEqualTo(40);
        assertThat(u.overCommitted()).isEqualTo(40);
        assertThat(u.idle()).isZero();
    }

    @Test
    void aRunningSpanCountsToTheEndOfTheWindowAndNothingOutsideIt() {
        Span running = new Span(100, 0, 3);
        assertThat(running.cpuSecondsIn(0, 200)).isEqualTo(300);
        assertThat(running.cpuSecondsIn(0, 50)).isZero();
        assertThat(UsageCalculator.usage(Map.of(), List.of(), List.of(), 10, 10)).isEqualTo(Usage.NONE);
    }
}
