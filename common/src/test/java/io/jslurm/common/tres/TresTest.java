package io.jslurm.common.tres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.units.MemorySize;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TresTest {

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "cpu=4,mem=16G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2 # cpu=4,mem=16G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2",
        "gres/gpu:a100=2,billing=4,node=1,mem=16384,cpu=4,gres/gpu=2 # cpu=4,mem=16G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2",
        "cpu=1,mem=4000M,node=1,billing=1 # cpu=1,mem=4000M,node=1,billing=1",
        "license/matlab=1,gres/gpu=1,cpu=2 # cpu=2,gres/gpu=1,license/matlab=1",
        "energy=10,pages=3,vmem=2G,fs/disk=5,cpu=1 # cpu=1,energy=10,fs/disk=5,vmem=2G,pages=3",
        "bb/datawarp=1K,fs/lustre=0,ic/ofed=1 # bb/datawarp=1024,fs/lustre=0,ic/ofed=1",
        "mem=0 # mem=0",
    })
    void printsInSlurmsOrderWithMemoryUnits(String input, String printed) {
        Tres tres = Tres.parse(input);
        assertThat(tres).hasToString(printed);
        assertThat(Tres.parse(printed)).isEqualTo(tres);
    }

    @Test
    void arithmeticForSchedulingAndLimits() {
        Tres job = Tres.parse("cpu=4,mem=16G,gres/gpu=2");
        Tres node = Tres.parse("cpu=64,mem=512G,node=1,gres/gpu=8");
        assertThat(job.get("cpu")).isEqualTo(4);
        assertThat(job.get("billing")).isZero();
        assertThat(job.memory()).isEqualTo(MemorySize.parse("16G"));
        assertThat(node.minus(job)).hasToString("cpu=60,mem=496G,node=1,gres/gpu=6");
        assertThat(job.plus(job)).isEqualTo(job.times(2));
        assertThat(job.times(4).fitsWithin(node)).isTrue();
        assertThat(job.times(5).exceeding(node)).containsExactly("gres/gpu");
        assertThat(job.times(33).exceeding(node)).containsExactly("cpu", "mem", "gres/gpu");
        assertThat(job.fitsWithin(Tres.parse("cpu=8"))).isTrue();
        assertThatThrownBy(() -> job.minus(node)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot take cpu=64");
        assertThat(Tres.empty().with(TresName.gres("gpu", "a100"), 1).withMemory(MemorySize.ofGibibytes(1)))
                .hasToString("mem=1G,gres/gpu:a100=1");
        assertThat(Tres.of(Map.of("cpu", 1L, "node", 2L))).hasToString("cpu=1,node=2");
        assertThat(Tres.parse("")).isEqualTo(Tres.empty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "cpu # Invalid TRES: cpu ('cpu' is not NAME=COUNT; expected NAME=COUNT pairs separated by commas, NAME being cpu, mem, energy, node, billing, fs/disk, vmem, pages or gres/, license/, bb/, fs/, ic/ followed by a name)",
        "gpu=2 # Invalid TRES: gpu=2 (unknown TRES 'gpu'; expected NAME=COUNT pairs separated by commas, NAME being cpu, mem, energy, node, billing, fs/disk, vmem, pages or gres/, license/, bb/, fs/, ic/ followed by a name)",
        "cpu=x # Invalid TRES: cpu=x (expected a count such as 2, 4K or 1G, got 'x')",
        "mem=1.5G # Invalid TRES: mem=1.5G (invalid mem size '1.5G')",
        "cpu=1,cpu=2 # Invalid TRES: cpu=1,cpu=2 ('cpu' is given twice)",
        "cpu=-1 # Invalid TRES: cpu=-1 (expected a count such as 2, 4K or 1G, got '-1')",
    })
    void rejectsBadTresNamingIt(String input, String message) {
        assertThatThrownBy(() -> Tres.parse(input)).isInstanceOf(InvalidValueException.class).hasMessage(message);
    }
}
