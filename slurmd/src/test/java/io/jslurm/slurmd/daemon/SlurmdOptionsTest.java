package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SlurmdOptionsTest {
    @Test
    void daemonOptionsAsSlurmdTakesThem() throws Exception {
        SlurmdOptions options = SlurmdOptions.parse(List.of("-D", "-N", "sim3", "-f", "/tmp/s.conf", "-c", "-vv", "-v"),
                Optional.empty());

        assertThat(options.action()).isEqualTo(SlurmdOptions.Action.RUN);
        assertThat(options.foreground()).isTrue();
        assertThat(options.nodeName()).contains("sim3");
        assertThat(options.slurmConf()).isEqualTo(Path.of("/tmp/s.conf"));
        assertThat(options.clearState()).isTrue();
        assertThat(options.verbosity()).isEqualTo(3);
    }

    @Test
    void attachedValuesAndTheConfigurationFromTheEnvironment() throws Exception {
        SlurmdOptions options = SlurmdOptions.parse(List.of("-Nsim4"), Optional.of("/opt/slurm/slurm.conf"));

        assertThat(options.nodeName()).contains("sim4");
        assertThat(options.slurmConf()).isEqualTo(Path.of("/opt/slurm/slurm.conf"));
        assertThat(SlurmdOptions.parse(List.of(), Optional.empty()).slurmConf()).isEqualTo(SlurmdOptions.DEFAULT_CONF);
    }

    @Test
    void theFirstOfCVAndHDecides() throws Exception {
        assertThat(SlurmdOptions.parse(List.of("-D", "-C", "-V"), Optional.empty()).action())
                .isEqualTo(SlurmdOptions.Action.PRINT_CONFIG);
        assertThat(SlurmdOptions.parse(List.of("-V", "-h"), Optional.empty()).action())
                .isEqualTo(SlurmdOptions.Action.VERSION);
    }

    @Test
    void missingValuesAndUnknownOptionsAreUsageErrors() {
        assertThatThrownBy(() -> SlurmdOptions.parse(List.of("-N"), Optional.empty()))
                .hasMessage("slurmd: option requires an argument -- 'N'");
        assertThatThrownBy(() -> SlurmdOptions.parse(List.of("--bogus"), Optional.empty()))
                .hasMessage("slurmd: invalid option -- '--bogus'");
    }
}
