package io.jslurm.common.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class IdSetPropertiesTest {

    @Property
    void printedSetParsesBack(@ForAll @Size(max = 64) Set<@IntRange(min = 0, max = 300) Integer> ids) {
        IdSet set = IdSet.of(ids.stream().mapToInt(Integer::intValue).toArray());
        assertThat(IdSet.parse(set.toString())).isEqualTo(set);
        assertThat(IdSet.parse(set.toCommaList())).isEqualTo(set);
        assertThat(set.stream().boxed().toList()).containsExactlyElementsOf(new TreeSet<>(ids));
    }
}
