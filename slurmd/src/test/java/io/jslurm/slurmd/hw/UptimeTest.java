package io.jslurm.slurmd.hw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UptimeTest {

    @Test
    void slurmFormatIsDaysThenPaddedClock() {
        assertThat(new Uptime(0).slurmFormat()).isEqualTo("0-00:00:00");
        assertThat(new Uptime(3723).slurmFormat()).isEqualTo("0-01:02:03");
        assertThat(new Uptime(86_399).slurmFormat()).isEqualTo("0-23:59:59");
        assertThat(new Uptime(12L * 86_400 + 59).slurmFormat()).isEqualTo("12-00:00:59");
    }

    @Test
    void startedSecondsCountAsSysinfoCountsThem() {
        assertThat(new UptimeReader(Fixtures.host(Fixtures.EPYC_2CPU_VM)).read()).isEqualTo(new Uptime(234));
        assertThat(new UptimeReader(Fixtures.host(Fixtures.SINGLE_CPU_VM)).read().slurmFormat()).isEqualTo("0-00:01:00");
        assertThat(new UptimeReader(Fixtures.host(Fixtures.DUAL_SOCKET_SMT)).read().slurmFormat()).isEqualTo("100-00:00:13");
    }
}
