package io.jslurm.common.time;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class DurationPropertiesTest {

    private static final long EIGHT_THOUSAND_YEARS = 8_000L * 366 * 86_400;

    @Property
    void everyPrintedLimitParsesBackRoundedUpToTheMinute(
            @ForAll @LongRange(min = 0, max = EIGHT_THOUSAND_YEARS) long seconds) {
        TimeLimit limit = TimeLimit.ofSeconds(seconds);
        TimeLimit rounded = TimeLimit.ofMinutes((seconds + 59) / 60);
        assertThat(TimeLimit.parse(limit.toString())).isEqualTo(rounded);
        assertThat(TimeLimit.parse(limit.toPaddedString())).isEqualTo(rounded);
        assertThat(TimeLimit.parse(limit.toSinfoString())).isEqualTo(rounded);
        assertThat(TimeLimit.parse(rounded.toString())).isEqualTo(rounded);
    }

    @Property
    void everyPrintedElapsedTimeParsesBackExactly(@ForAll @LongRange(min = 0, max = EIGHT_THOUSAND_YEARS) long seconds) {
        Elapsed elapsed = new Elapsed(seconds);
        assertThat(Elapsed.parse(elapsed.toString())).isEqualTo(elapsed);
        assertThat(Elapsed.parse(elapsed.toPaddedString())).isEqualTo(elapsed);
    }
}
