package io.jslurm.cli.squeue;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What squeue says, and its exit status, when it cannot do what is asked. */
class SqueueErrorsTest {

    @Test
    void unknownOptionsAreGetoptsMessagesWithExitStatusOne() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("--bogus"))).isEqualTo(1);
        assertThat(console.err()).isEqualTo("squeue: unrecognized option '--bogus'\n"
                + "Try \"squeue --help\" for more information\n");
    }

    @Test
    void missingArgument() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("-u"))).isEqualTo(1);
        assertThat(console.err()).startsWith("squeue: option requires an argument -- 'u'\n");
    }

    @Test
    void unknownStateIsRefused() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("-t", "running,sleeping"))).isEqualTo(1);
        assertThat(console.err()).isEqualTo("squeue: error: Invalid job state specified: sleeping\n"
                + "squeue: error: Valid job states include: PENDING,RUNNING,SUSPENDED,COMPLETED,CANCELLED,FAILED,"
                + "TIMEOUT,NODE_FAIL,PREEMPTED,BOOT_FAIL,DEADLINE,OUT_OF_MEMORY,COMPLETING,CONFIGURING,RESIZING,"
                + "RESV_DEL_HOLD,REQUEUED,REQUEUE_FED,REQUEUE_HOLD,REVOKED,SIGNALING,SPECIAL_EXIT,STAGE_OUT,STOPPED\n\n");
    }

    @Test
    void unknownUsersAreReportedAndLeftOutAndTheListingGoesOn() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("-u", "nosuchuser,99999"))).isEqualTo(1);
        assertThat(console.err()).isEqualTo("squeue: error: Invalid user: nosuchuser\n\n"
                + "squeue: error: Invalid user: 99999\n\n"
                + "slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
    }

    @Test
    void unknownFormatLetterIsRefused() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("-o", "%i %!"))).isEqualTo(1);
        assertThat(console.err()).startsWith("squeue: error: Invalid job format specification: !");
    }

    @Test
    void unreachableControllerIsSlurmsMessage() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of())).isEqualTo(1);
        assertThat(console.out()).isEmpty();
        assertThat(console.err()).isEqualTo(
                "slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
    }
}
