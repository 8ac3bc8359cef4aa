package io.jslurm.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class InterruptsTest {

    @Test
    void aSecondCtrlCWithinASecondCancels() {
        AtomicLong now = new AtomicLong(1_000_000);
        Interrupts interrupts = new Interrupts(() -> Instant.ofEpochMilli(now.get()));
        assertThat(interrupts.cancels()).isFalse();
        now.addAndGet(1500);
        assertThat(interrupts.cancels()).isFalse();
        now.addAndGet(400);
        assertThat(interrupts.cancels()).isTrue();
    }

    @Test
    void theFirstCtrlCNeverCancels() {
        assertThat(new Interrupts(InstantSource.system()).cancels()).isFalse();
    }
}
