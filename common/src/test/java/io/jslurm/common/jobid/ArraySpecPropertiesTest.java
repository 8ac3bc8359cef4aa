package io.jslurm.common.jobid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ArraySpecPropertiesTest {

    @Property
    void printedSpecParsesBackWithTheSameTasks(@ForAll("specs") ArraySpec spec) {
        ArraySpec reparsed = ArraySpec.parse(spec.toString());
        assertThat(reparsed.taskIds()).isEqualTo(spec.taskIds());
        assertThat(reparsed.maxRunning()).isEqualTo(spec.maxRunning());
        assertThat(reparsed.taskIds().last()).isEqualTo(spec.maxTaskId());
    }

    @Provide
    Arbitrary<ArraySpec> specs() {
        Arbitrary<ArraySpec.Range> range = Combinators.combine(Arbitraries.integers().between(0, 1000),
                Arbitraries.integers().between(0, 200), Arbitraries.integers().between(1, 12))
                .as((first, length, step) -> new ArraySpec.Range(first, first + length, step));
        Arbitrary<List<ArraySpec.Range>> ranges = range.list().ofMinSize(1).ofMaxSize(5);
        Arbitrary<OptionalInt> limit = Arbitraries.integers().between(0, 50)
                .map(n -> n == 0 ? OptionalInt.empty() : OptionalInt.of(n));
        return Combinators.combine(ranges, limit).as(ArraySpec::new);
    }
}
