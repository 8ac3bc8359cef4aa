package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.slurm.Timers;
import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackoffTest {
    @Test
    void doublesUpToTheMaximum() {
        Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));

        assertThat(IntStream.rangeClosed(1, 7).mapToObj(backoff::after).map(Duration::toSeconds))
                .containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L);
        assertThat(backoff.after(1_000)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void needsAPositiveStartBelowTheMaximum() {
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void heartbeatsThreeTimesWithinSlurmdTimeoutBetweenOneAndThirtySeconds() {
        assertThat(heartbeat(300)).isEqualTo(Duration.ofSeconds(30));
        assertThat(heartbeat(6)).isEqualTo(Duration.ofSeconds(2));
        assertThat(heartbeat(1)).isEqualTo(Duration.ofSeconds(1));
        ReportTiming timing = timing(300);
        assertThat(timing.retry().after(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(timing.retry().after(10)).isEqualTo(Duration.ofSeconds(30));
    }

    private static Duration heartbeat(int slurmdTimeout) {
        return timing(slurmdTimeout).heartbeat();
    }

    private static ReportTiming timing(int slurmdTimeout) {
        Timers timers = Configs.load("ClusterName=c\nSlurmctldHost=ctl\nSlurmdTimeout=" + slurmdTimeout
                + "\nNodeName=n1\n").slurm().timers();
        return ReportTiming.of(timers);
    }
}
