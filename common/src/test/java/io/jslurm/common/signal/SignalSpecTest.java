package io.jslurm.common.signal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Printed forms were taken from what Slurm 22.05's {@code sbatch -vv --signal=...} reports. */
class SignalSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SIGUSR1@90 | USR1@90 | 10 | 90 | false | false",
        "B:USR1@60 | B:USR1 | 10 | 60 | true | false",
        "USR2 | USR2 | 12 | 60 | false | false",
        "10@120 | USR1@120 | 10 | 120 | false | false",
        "R:TERM | R:TERM | 15 | 60 | false | true",
        "B:10 | B:USR1 | 10 | 60 | true | false",
        "usr1 | USR1 | 10 | 60 | false | false",
        "sigusr1 | USR1 | 10 | 60 | false | false",
        "KILL@0 | KILL@0 | 9 | 0 | false | false",
        "USR1@65535 | USR1@65535 | 10 | 65535 | false | false",
        "64 | 64 | 64 | 60 | false | false",
        "RB:USR1 | RB:USR1 | 10 | 60 | true | true",
        "br:USR1 | RB:USR1 | 10 | 60 | true | true",
        "USR1@ | USR1@0 | 10 | 0 | false | false",
        "13 | 13 | 13 | 60 | false | false",
    })
    void parsesAndPrintsLikeSbatch(String input, String printed, int number, int delay, boolean batch,
            boolean reservation) {
        SignalSpec spec = SignalSpec.parse(input);
        assertThat(spec).hasToString(printed);
        assertThat(spec.signal().number()).isEqualTo(number);
        assertThat(spec.delaySeconds()).isEqualTo(delay);
        assertThat(spec.batchShellOnly()).isEqualTo(batch);
        assertThat(spec.onReservationEnd()).isEqualTo(reservation);
        assertThat(SignalSpec.parse(printed)).isEqualTo(spec);
    }

    @Test
    void knowsSlurmsSignalNames() {
        for (String name : "HUP INT QUIT ABRT KILL ALRM TERM USR1 USR2 URG CONT STOP TSTP TTIN TTOU XCPU".split(" ")) {
            assertThat(Signal.parse(name)).hasToString(name);
            assertThat(Signal.parse("SIG" + name)).hasToString(name);
        }
        assertThat(Signal.parse("2")).isEqualTo(Signal.INT);
        assertThat(SignalSpec.of(Signal.TERM)).hasToString("TERM");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "USR1@65536 # Invalid signal specification: USR1@65536 (the delay after '@' is at most 65535 seconds)",
        "FOO # Invalid signal specification: FOO (expected a number or one of HUP INT QUIT ABRT KILL USR1 USR2 ALRM TERM CONT STOP TSTP TTIN TTOU URG XCPU)",
        "0 # Invalid signal specification: 0 (signal numbers run from 1 to 64)",
        "65 # Invalid signal specification: 65 (signal numbers run from 1 to 64)",
        "X:USR1 # Invalid signal specification: X:USR1 (flags before ':' may only be R and B; expected [{R|B}:]SIGNAL[@SECONDS])",
        ":USR1 # Invalid signal specification: :USR1 (flags before ':' may only be R and B; expected [{R|B}:]SIGNAL[@SECONDS])",
        "USR1@x # Invalid signal specification: USR1@x (expected seconds after '@', got 'x')",
        "SEGV # Invalid signal specification: SEGV (expected a number or one of HUP INT QUIT ABRT KILL USR1 USR2 ALRM TERM CONT STOP TSTP TTIN TTOU URG XCPU)",
    })
    void rejectsWhatSbatchRejects(String input, String message) {
        assertThatThrownBy(() -> SignalSpec.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }

    @Test
    void plainSignalErrorsNameTheSignal() {
        assertThatThrownBy(() -> Signal.parse("bogus")).isInstanceOf(InvalidValueException.class)
                .hasMessageStartingWith("Invalid signal: bogus (expected a number or one of HUP INT");
    }
}
