package io.jslurm.common.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Expected values were taken from Slurm 22.05's {@code scontrol show hostnames/hostlist/hostlistsorted}. */
class HostlistTest {

    @Test
    void expandsRangesWithZeroPadding() {
        assertThat(Hostlist.parse("gpu-node[01-04,07]").hosts())
                .containsExactly("gpu-node01", "gpu-node02", "gpu-node03", "gpu-node04", "gpu-node07");
    }

    @Test
    void expandsSeveralBracketGroupsFirstGroupOutermost() {
        assertThat(Hostlist.parse("rack[1-2]-n[001-004]").hosts()).containsExactly(
                "rack1-n001", "rack1-n002", "rack1-n003", "rack1-n004",
                "rack2-n001", "rack2-n002", "rack2-n003", "rack2-n004");
        assertThat(Hostlist.parse("n[1-2][3-4]").hosts()).containsExactly("n13", "n14", "n23", "n24");
    }

    @Test
    void widthComesFromTheLowerBound() {
        assertThat(Hostlist.parse("n[01-3]").hosts()).containsExactly("n01", "n02", "n03");
        assertThat(Hostlist.parse("n[1-03]").hosts()).containsExactly("n1", "n2", "n3");
        assertThat(Hostlist.parse("n[9-11]").hosts()).containsExactly("n9", "n10", "n11");
    }

    @Test
    void keepsOrderAndDuplicatesAndAcceptsWhitespaceAndEmptyItems() {
        assertThat(Hostlist.parse("n3,n1,n2,n2").hosts()).containsExactly("n3", "n1", "n2", "n2");
        assertThat(Hostlist.parse("a b,c").hosts()).containsExactly("a", "b", "c");
        assertThat(Hostlist.parse("n[1-2],,n3").hosts()).containsExactly("n1", "n2", "n3");
        assertThat(Hostlist.parse("").hosts()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n3,n1,n2,n2 | n[3,1-2,2]",
        "n9,n10,n11 | n[9-11]",
        "n09,n10 | n[09-10]",
        "n1,n3,m1,n5 | n[1,3],m1,n5",
        "rack1-n001,rack1-n002,rack2-n001 | rack1-n[001-002],rack2-n001",
        "n1,n2,n01 | n[1-2,01]",
        "a,b,c | a,b,c",
        "n[1-3],n[2-4] | n[1-3,2-4]",
        "foo | foo",
        "n10,n9 | n[10,9]",
        "n1x,n2x | n1x,n2x",
        "n01,n2 | n[01,2]",
        "n8,n9,n010 | n[8-9,010]",
        "n,n1 | n,n1",
        "rack[1-2]-n[001-004] | rack1-n[001-004],rack2-n[001-004]",
        "gpu-node[01-04,07] | gpu-node[01-04,07]",
        "n98,n99,n100 | n[98-100]",
        "n08,n99,n100 | n[08,99-100]",
        "n[08-100] | n[08-100]",
        "n099,n100 | n[099-100]",
        "n010,n11 | n[010,11]",
    })
    void compressesLikeScontrolShowHostlist(String input, String expected) {
        assertThat(Hostlist.parse(input).ranged()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n3,n1,n2,n2 | n[1-2,2-3]",
        "n1,n3,m1,n5 | m1,n[1,3,5]",
        "n10,n9 | n[9-10]",
        "n01,n2 | n[2,01]",
        "n8,n9,n010 | n[8-9,010]",
    })
    void sortsLikeScontrolShowHostlistsorted(String input, String expected) {
        assertThat(Hostlist.parse(input).sorted().ranged()).isEqualTo(expected);
    }

    @Test
    void sortedUniqueDropsDuplicates() {
        assertThat(Hostlist.parse("n3,n1,n2,n2").sortedUnique().hosts()).containsExactly("n1", "n2", "n3");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n[5-1] | Invalid hostlist: n[5-1] (range '5-1' runs backwards)",
        "n[a-b] | Invalid hostlist: n[a-b] (invalid range 'a-b')",
        "n[1,,3] | Invalid hostlist: n[1,,3] (invalid range '')",
        "n[1-3 | Invalid hostlist: n[1-3 ('[' without ']')",
        "n1-3] | Invalid hostlist: n1-3] (']' without '[')",
        "n[0-2000000] | Invalid hostlist: n[0-2000000] (more than 1048576 hosts)",
    })
    void rejectsInvalidExpressionsNamingThem(String input, String message) {
        assertThatThrownBy(() -> Hostlist.parse(input)).isInstanceOf(HostlistException.class).hasMessage(message);
    }

    @Test
    void ofRejectsBlankNames() {
        assertThatThrownBy(() -> Hostlist.of(List.of("a", " "))).isInstanceOf(HostlistException.class);
    }
}
