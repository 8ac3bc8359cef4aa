package io.jslurm.common.gres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.InvalidValueException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GresSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "gpu # gpu:1", "gpu:2 # gpu:2", "gpu:a100:8 # gpu:a100:8", "gpu:a100:8,gpu:v100:1 # gpu:a100:8,gpu:v100:1",
        "shard:2 # shard:2", "gpu:a100 # gpu:a100:1", "gres:gpu:2 # gpu:2", "gres/gpu:2 # gpu:2",
        "gpu:1K # gpu:1K", "gpu:2k # gpu:2K", "gpu:1M # gpu:1M", "gpu:0 # gpu:0", "gpu:1536 # gpu:1536",
        "gpu:2(S:0-1) # gpu:2(S:0-1)", "gpu:a100:4(S:0),gpu:v100:4(S:1) # gpu:a100:4(S:0),gpu:v100:4(S:1)",
        "gpu:a100:2(IDX:0-1) # gpu:a100:2(IDX:0-1)", "gpu:4(S:0,2) # gpu:4(S:0,2)",
        "bandwidth:lustre:no_consume:4G # bandwidth:lustre:no_consume:4G", "gpu:1g.10gb:7 # gpu:1g.10gb:7",
        "none # (null)", "'' # (null)",
    })
    void parsesJobAndNodeForms(String input, String printed) {
        GresSpec spec = GresSpec.parse(input);
        assertThat(spec).hasToString(printed);
        if (!spec.isEmpty()) {
            assertThat(GresSpec.parse(printed)).isEqualTo(spec);
        }
    }

    @Test
    void exposesEntriesCountsAndTresNames() {
        GresSpec node = GresSpec.parse("gpu:a100:4(S:0),gpu:v100:4(S:1),shard:8");
        Gres first = node.entries().get(0);
        assertThat(first.name()).isEqualTo("gpu");
        assertThat(first.type()).contains("a100");
        assertThat(first.count()).isEqualTo(4);
        assertThat(first.sockets()).contains(IdSet.of(0));
        assertThat(first.tresName()).isEqualTo("gres/gpu:a100");
        assertThat(node.count("gpu")).isEqualTo(8);
        assertThat(node.count("gpu", Optional.of("v100"))).isEqualTo(4);
        assertThat(node.count("shard")).isEqualTo(8);
        assertThat(GresSpec.parse("gpu:1K").entries().get(0).count()).isEqualTo(1024);
        assertThat(GresSpec.parse("gpu:1G").entries().get(0).count()).isEqualTo(1L << 30);
        assertThat(GresSpec.parse("bandwidth:lustre:no_consume:4G").entries().get(0).noConsume()).isTrue();
        assertThat(Gres.of("gpu", 2).withCount(3)).hasToString("gpu:3");
        assertThat(Gres.of("gpu", "a100", 1).tresName()).isEqualTo("gres/gpu:a100");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "2 # gpu:2", "a100:2 # gpu:a100:2", "gpu:2 # gpu:2", "2K # gpu:2K", "0 # gpu:0",
        "a100:2,v100:1 # gpu:a100:2,gpu:v100:1",
    })
    void parsesGpuOptions(String input, String printed) {
        assertThat(GresSpec.parseGpus(input)).hasToString(printed);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "gpu:a:b:c # Invalid GRES specification: gpu:a:b:c (invalid entry 'gpu:a:b:c'; expected NAME[:TYPE][:COUNT], comma separated)",
        "gpu:-1 # Invalid GRES specification: gpu:-1 (invalid type in 'gpu:-1'; expected NAME[:TYPE][:COUNT], comma separated)",
        ":2 # Invalid GRES specification: :2 (invalid entry ':2'; expected NAME[:TYPE][:COUNT], comma separated)",
        "gpu:2,,gpu:1 # Invalid GRES specification: gpu:2,,gpu:1 (invalid entry ''; expected NAME[:TYPE][:COUNT], comma separated)",
        "gpu:2(S:0 # Invalid GRES specification: gpu:2(S:0 (unbalanced parentheses)",
        "gpu:2(X:0) # Invalid GRES specification: gpu:2(X:0) (expected (S:sockets) or (IDX:indices) in 'gpu:2(X:0)')",
        "gpu:2(S:x) # Invalid GRES specification: gpu:2(S:x) (invalid list 'x' in 'gpu:2(S:x)')",
        "gpu:a100:x # Invalid GRES specification: gpu:a100:x (expected a count such as 2, 4K or 1G, got 'x')",
        "gpu:99999999999G # Invalid GRES specification: gpu:99999999999G (value is too large)",
    })
    void rejectsBadGresNamingIt(String input, String message) {
        assertThatThrownBy(() -> GresSpec.parse(input)).isInstanceOf(InvalidValueException.class).hasMessage(message);
    }

    @Test
    void jobRequestsRefuseNodeDetail() {
        assertThat(GresSpec.parseRequest("gpu:a100:2,shard:1")).hasToString("gpu:a100:2,shard:1");
        assertThatThrownBy(() -> GresSpec.parseRequest("gpu:a100:2(S:0)")).isInstanceOf(InvalidValueException.class)
                .hasMessage("Invalid GRES specification: gpu:a100:2(S:0) (a job request cannot give sockets, "
                        + "indices or no_consume, as in 'gpu:a100:2(S:0)')");
    }

    @Test
    void rejectsBadGpuOptions() {
        assertThatThrownBy(() -> GresSpec.parseGpus("a100")).isInstanceOf(InvalidValueException.class)
                .hasMessage("Invalid GPU specification: a100 (expected a count such as 2 in 'a100')");
        assertThatThrownBy(() -> GresSpec.parseGpus("a:b:2")).isInstanceOf(InvalidValueException.class)
                .hasMessage("Invalid GPU specification: a:b:2 (expected [TYPE:]COUNT, comma separated)");
    }
}
