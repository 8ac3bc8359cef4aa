package io.jslurm.slurmdbd.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StepIdTest {

    @Test
    void specialStepsKeepSlurmsThirtyTwoBitValues() {
        assertThat(Integer.toUnsignedString(StepId.BATCH.value())).isEqualTo(Long.toString(0xFFFF_FFFBL));
        assertThat(Integer.toUnsignedString(StepId.EXTERN.value())).isEqualTo(Long.toString(0xFFFF_FFFCL));
        assertThat(Integer.toUnsignedString(StepId.INTERACTIVE.value())).isEqualTo(Long.toString(0xFFFF_FFFAL));
    }

    @Test
    void printsAndParsesAsSacctShowsThem() {
        for (String text : new String[] {"batch", "extern", "interactive", "0", "17"}) {
            assertThat(StepId.parse(text).toString()).isEqualTo(text);
        }
    }

    @Test
    void rejectsNegativeNumbersThatAreNoSpecialStep() {
        assertThatThrownBy(() -> new StepId(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StepId.parse("-2")).isInstanceOf(IllegalArgumentException.class);
    }
}
