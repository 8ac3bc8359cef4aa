package io.jslurm.common.tres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TresPropertiesTest {

    @Property
    void printedTresParsesBack(@ForAll("tres") Tres tres) {
        assertThat(Tres.parse(tres.toString())).isEqualTo(tres);
    }

    @Property
    void addingThenTakingAwayGivesTheStart(@ForAll("tres") Tres a, @ForAll("tres") Tres b) {
        assertThat(a.plus(b).minus(b).amounts()).containsAllEntriesOf(a.amounts());
        assertThat(a.fitsWithin(a.plus(b))).isTrue();
        assertThat(a.plus(b).fitsWithin(a)).isEqualTo(b.amounts().entrySet().stream()
                .allMatch(e -> e.getValue() == 0 || !a.has(e.getKey())));
    }

    @Provide
    Arbitrary<Tres> tres() {
        Arbitrary<String> names = Arbitraries.of("cpu", "mem", "energy", "node", "billing", "fs/disk", "vmem",
                "pages", "gres/gpu", "gres/gpu:a100", "gres/shard", "license/matlab", "bb/datawarp", "ic/ofed");
        return Arbitraries.maps(names, Arbitraries.longs().between(0, 1L << 40)).ofMaxSize(8)
                .map(m -> Tres.of(Map.copyOf(m)));
    }
}
