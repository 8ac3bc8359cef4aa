package io.jslurm.common.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class HostlistPropertiesTest {

    @Property
    void compressedFormExpandsBackToTheSameHosts(@ForAll("hostLists") List<String> hosts) {
        String ranged = Hostlist.of(hosts).ranged();
        assertThat(Hostlist.parse(ranged).hosts()).isEqualTo(hosts);
    }

    @Property
    void sortedUniqueIsIdempotentAndKeepsEveryName(@ForAll("hostLists") List<String> hosts) {
        Hostlist once = Hostlist.of(hosts).sortedUnique();
        assertThat(once.sortedUnique()).isEqualTo(once);
        assertThat(once.hosts()).containsExactlyInAnyOrderElementsOf(hosts.stream().distinct().toList());
    }

    @Property
    void sortedConsecutiveHostsCompressToOneRange(@ForAll("prefixes") String prefix, @ForAll("widths") int width,
            @ForAll("starts") int start, @ForAll("counts") int count) {
        List<String> hosts = java.util.stream.IntStream.range(start, start + count)
                .mapToObj(n -> prefix + HostName.pad(n, width)).toList();
        String ranged = Hostlist.of(hosts).ranged();
        assertThat(ranged).doesNotContain(",");
        assertThat(Hostlist.parse(ranged).hosts()).isEqualTo(hosts);
    }

    @Provide
    Arbitrary<List<String>> hostLists() {
        Arbitrary<String> host = Combinators.combine(prefixes(), Arbitraries.integers().between(0, 120), widths(),
                Arbitraries.of(true, true, true, false))
                .as((prefix, n, width, numbered) -> numbered ? prefix + HostName.pad(n, width) : prefix);
        return host.list().ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> prefixes() {
        return Arbitraries.of("n", "gpu-node", "rack1-n", "cpu", "a-b-");
    }

    @Provide
    Arbitrary<Integer> widths() {
        return Arbitraries.integers().between(1, 4);
    }

    @Provide
    Arbitrary<Integer> starts() {
        return Arbitraries.integers().between(0, 5000);
    }

    @Provide
    Arbitrary<Integer> counts() {
        return Arbitraries.integers().between(1, 300);
    }
}
