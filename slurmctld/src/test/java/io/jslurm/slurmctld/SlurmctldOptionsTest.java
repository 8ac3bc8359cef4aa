package io.jslurm.slurmctld;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** slurmctld's command line, as an init script or an operator types it. */
class SlurmctldOptionsTest {

    @Test
    void readsTheUsualFlags() {
        SlurmctldOptions options = SlurmctldOptions.parse("-D", "-c", "-i", "-vv", "-v", "-f", "/etc/slurm/test.conf");
        assertThat(options.foreground()).isTrue();
        assertThat(options.clearState()).isTrue();
        assertThat(options.ignoreStateErrors()).isTrue();
        assertThat(options.verbosity()).isEqualTo(3);
        assertThat(options.slurmConf(Map.of("SLURM_CONF", "/elsewhere"))).isEqualTo(Path.of("/etc/slurm/test.conf"));
    }

    @Test
    void slurmConfComesFromTheEnvironmentWithoutDashF() {
        assertThat(SlurmctldOptions.parse("-D").slurmConf(Map.of("SLURM_CONF", "/opt/slurm.conf")))
                .isEqualTo(Path.of("/opt/slurm.conf"));
        assertThat(SlurmctldOptions.parse().slurmConf(Map.of())).isEqualTo(Path.of("/etc/slurm/slurm.conf"));
    }

    @Test
    void unknownOptionsAndAMissingFileNameFailWithUsage() {
        assertThatThrownBy(() -> SlurmctldOptions.parse("-x")).hasMessage("invalid option -- '-x'");
        assertThatThrownBy(() -> SlurmctldOptions.parse("-f")).hasMessage("option requires an argument -- 'f'");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = SlurmctldMain.run(new String[] {"-x"}, Map.of(), System.out, new PrintStream(err, true));
        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("Usage: slurmctld");
    }

    @Test
    void versionPrintsAndExits() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(SlurmctldMain.run(new String[] {"-V"}, Map.of(), new PrintStream(out, true), System.err)).isZero();
        assertThat(out.toString()).startsWith("slurm ");
    }
}
