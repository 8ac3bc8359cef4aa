package io.jslurm.common.units;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class MemorySizePropertiesTest {

    @Property
    void printedSizeParsesBack(@ForAll @LongRange(min = 0, max = 1L << 50) long mebibytes) {
        MemorySize size = MemorySize.ofMebibytes(mebibytes);
        assertThat(MemorySize.parse(size.toString())).isEqualTo(size);
        assertThat(MemorySize.parse(size.toMebibytesString())).isEqualTo(size);
    }

    @Property
    void kibibytesRoundUpToTheNextMebibyte(@ForAll @LongRange(min = 0, max = 1L << 50) long kibibytes) {
        MemorySize size = MemorySize.parse(kibibytes + "K");
        assertThat(size.kibibytes()).isBetween(kibibytes, kibibytes + 1023);
    }
}
