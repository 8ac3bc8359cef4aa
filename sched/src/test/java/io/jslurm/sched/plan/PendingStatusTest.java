package io.jslurm.sched.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PendingStatusTest {

    @Test
    void theExplanationIsTheDetailWhenNoReservationIsInTheWay() {
        PendingStatus status = PendingStatus.of(7, PendingReason.RESOURCES, "12 nodes: not enough GPUs; 4 nodes: DRAINED");
        assertThat(status.explanation()).isEqualTo("12 nodes: not enough GPUs; 4 nodes: DRAINED");
    }

    @Test
    void theJobWhoseReservationBlocksIsNamedOnce() {
        assertThat(PendingStatus.of(7, PendingReason.RESOURCES, "2 nodes: not enough free cores").withBlockedBy(3)
                .explanation()).isEqualTo("2 nodes: not enough free cores; would delay the reservation of job 3");
        assertThat(PendingStatus.of(7, PendingReason.PRIORITY, "would delay the reservation of job 3").withBlockedBy(3)
                .explanation()).isEqualTo("would delay the reservation of job 3");
        assertThat(PendingStatus.of(7, PendingReason.PRIORITY, "would delay the reservation of job 3").withBlockedBy(31)
                .explanation()).endsWith("; would delay the reservation of job 31");
    }
}
