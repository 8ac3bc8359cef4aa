package io.jslurm.cli.salloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.common.signal.Signal;
import io.jslurm.common.text.InvalidValueException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SallocKillCommandTest {

    private static Optional<String> given(String... args) {
        return InteractiveOptions.parse(List.of(args), Map.of(), "SALLOC_").killCommand();
    }

    @Test
    void killCommandTakesAnOptionalSignal() {
        assertThat(given("sleep", "1")).isEmpty();
        assertThat(given("-K", "sleep", "1")).contains("");
        assertThat(given("-KUSR1", "sleep", "1")).contains("USR1");
        assertThat(given("--kill-command=9", "sleep", "1")).contains("9");
        assertThat(Salloc.killSignal("USR1")).isEqualTo(Signal.USR1);
        assertThatThrownBy(() -> Salloc.killSignal("BOGUS")).isInstanceOf(InvalidValueException.class);
    }

    @Test
    void aCommandSallocKilledEndsItWithSlurmsStatus() {
        assertThat(Salloc.statusAfterKill(143, Signal.TERM)).isEqualTo(1);
        assertThat(Salloc.statusAfterKill(129, Signal.HUP)).isZero();
        assertThat(Salloc.statusAfterKill(3, Signal.TERM)).as("the command's own exit after the signal").isEqualTo(3);
    }
}
