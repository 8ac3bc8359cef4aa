package io.jslurm.cli.scancel;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** scancel's refusals before any request, and its messages when the controller cannot be reached (LoopbackTest covers refusals by the controller). */
class ScancelTest {

    private static Console run(int expectedStatus, String... args) {
        Console console = Console.offline();
        int status = new Scancel(console.env(), new ByteArrayInputStream(new byte[0])).run(List.of(args));
        assertThat(status).as(console.err()).isEqualTo(expectedStatus);
        return console;
    }

    @Test
    void nothingToCancel() {
        assertThat(run(1).err()).isEqualTo("scancel: error: No job identification provided\n");
    }

    @Test
    void badSignalStateAndId() {
        assertThat(run(1, "-s", "NOPE", "12").err()).isEqualTo("Unknown job signal: NOPE\n");
        assertThat(run(1, "-t", "bogus", "-u", "alice").err()).isEqualTo(
                "Invalid job state specified: bogus\nValid job states are PENDING, RUNNING, and SUSPENDED\n");
        assertThat(run(1, "12x").err()).isEqualTo("scancel: error: Invalid job id 12x\n");
        assertThat(run(1, "--frobnicate").err()).startsWith("scancel: unrecognized option '--frobnicate'\n");
    }

    @Test
    void everyIdIsReportedWhenTheControllerIsUnreachable() {
        assertThat(run(1, "12", "13_[1-3]", "14.0").err()).isEqualTo("""
                scancel: error: Kill job error on job id 12: Unable to contact slurm controller (connect failure)
                scancel: error: Kill job error on job id 13_[1-3]: Unable to contact slurm controller (connect failure)
                scancel: error: Kill job error on step id 14.0: Unable to contact slurm controller (connect failure)
                """);
    }
}
