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
    void stateTakesOneOfSlurmsStateNamesNotAList() {
        for (String list : new String[] {"PENDING,RUNNING", "all", ""}) {
            assertThat(run(1, "-t", list, "-u", "alice").err()).as(list).isEqualTo("Invalid job state specified: "
                    + list + "\nValid job states are PENDING, RUNNING, and SUSPENDED\n");
        }
        // Any other job state or flag is accepted; no job in it can be cancelled, so nothing is asked of the
        // (here unreachable) controller and the status is 0.
        for (String state : new String[] {"COMPLETED", "cd", "CG", "TIMEOUT", "OOM", "requeue_hold", "SE"}) {
            Console console = run(0, "-t", state, "-u", "alice");
            assertThat(console.err()).as(state).isEmpty();
            assertThat(console.out()).isEmpty();
        }
        assertThat(run(1, "-t", "pd", "-u", "alice").err())
                .isEqualTo("scancel: error: slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
    }

    @Test
    void aUserTheHostDoesNotKnowIsRefusedBeforeAskingTheController() {
        for (String user : new String[] {"nosuchuser", "99999", "alice,bob"}) {
            assertThat(run(1, "-u", user).err()).as(user).isEqualTo("scancel: error: Invalid user name: " + user + "\n");
            assertThat(run(1, "--user=" + user, "12").err()).as(user)
                    .isEqualTo("scancel: error: Invalid user name: " + user + "\n");
        }
        assertThat(run(1, "-u", "1001").err())
                .isEqualTo("scancel: error: slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
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
