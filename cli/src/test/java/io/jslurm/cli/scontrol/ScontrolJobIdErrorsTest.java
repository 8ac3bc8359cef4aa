package io.jslurm.cli.scontrol;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import org.junit.jupiter.api.Test;

/** scontrol's job-control keywords refuse an unreadable job id before asking the controller, as Slurm's do. */
class ScontrolJobIdErrorsTest {

    private static Console run(int expected, String... args) {
        Console console = Console.offline();
        assertThat(new Scontrol(console.env()).run(args)).as(console.err()).isEqualTo(expected);
        assertThat(console.out()).isEmpty();
        return console;
    }

    @Test
    void holdUholdAndReleaseAddSlurmsSlurmSuspendLine() {
        for (String keyword : new String[] {"hold", "uhold", "release"}) {
            assertThat(run(1, keyword, "abc").err()).as(keyword).isEqualTo(
                    "Invalid job id specified for job abc\nslurm_suspend error: Invalid job id specified\n");
        }
    }

    @Test
    void theOtherJobControlKeywordsPrintOnlyTheFirstLine() {
        for (String keyword : new String[] {"requeue", "requeuehold", "suspend", "resume"}) {
            assertThat(run(1, keyword, "abc").err()).as(keyword).isEqualTo("Invalid job id specified for job abc\n");
        }
    }
}
