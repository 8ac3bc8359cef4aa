package io.jslurm.cli.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class LocalOptionsTest {

    private static final Map<String, String> ENV = Map.of("HOME", "/home/alice");

    @Test
    void defaultsToOneNodeInTheUsersDataDirectory() {
        LocalOptions options = LocalOptions.parse(List.of("up"), ENV);

        assertThat(options.action()).isEqualTo(LocalOptions.Action.UP);
        assertThat(options.dir()).isEqualTo(Path.of("/home/alice/.local/share/jslurm/local"));
        assertThat(options.nodes()).isEmpty();
        assertThat(options.accounting()).isTrue();
    }

    @Test
    void xdgDataHomeWins() {
        assertThat(LocalOptions.parse(List.of("status"), Map.of("HOME", "/h", "XDG_DATA_HOME", "/data")).dir())
                .isEqualTo(Path.of("/data/jslurm/local"));
    }

    @Test
    void optionsTakeSeparateOrJoinedValues() {
        LocalOptions options = LocalOptions.parse(
                List.of("up", "--dir", "/srv/c", "--nodes=4", "--gpus-per-node", "8", "--no-accounting"), ENV);

        assertThat(options.dir()).isEqualTo(Path.of("/srv/c"));
        assertThat(options.nodes()).isEqualTo(OptionalInt.of(4));
        assertThat(options.gpusPerNode()).isEqualTo(OptionalInt.of(8));
        assertThat(options.accounting()).isFalse();
    }

    @Test
    void confLinesAreKeptInOrder() {
        LocalOptions options = LocalOptions.parse(List.of("up", "--conf-line", "PartitionName=a Nodes=ALL",
                "--conf-line=EnforcePartLimits=ALL"), ENV);

        assertThat(options.confLines()).containsExactly("PartitionName=a Nodes=ALL", "EnforcePartLimits=ALL");
        assertThatThrownBy(() -> LocalOptions.parse(List.of("up", "--conf-line", " "), ENV))
                .hasMessageContaining("--conf-line takes one non-empty slurm.conf line");
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> LocalOptions.parse(List.of("up", "--nodes", "0"), ENV))
                .hasMessage("invalid --nodes '0': a number from 1 to 512");
        assertThatThrownBy(() -> LocalOptions.parse(List.of("--nodes", "2"), ENV)).hasMessage("say up, status or down");
        assertThatThrownBy(() -> LocalOptions.parse(List.of("up", "down"), ENV)).hasMessageContaining("one action only");
        assertThatThrownBy(() -> LocalOptions.parse(List.of("up", "--dir"), ENV))
                .hasMessage("option '--dir' requires an argument");
        assertThatThrownBy(() -> LocalOptions.parse(List.of("up", "--fast"), ENV))
                .hasMessage("unrecognized argument '--fast'");
    }
}
