package io.jslurm.cli.squeue;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
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
    void meIsTheCallerEvenWhereThePasswdFileDoesNotListIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandEnvironment env = new CommandEnvironment(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), InstantSource.fixed(Records.NOW),
                ZoneOffset.UTC, new ClientIdentity(1001, 100, "bob"), () -> {
                    throw ControllerException.unreachable();
                }, user -> false);
        assertThat(new Squeue(env).show(List.of("--me", "-h", "-o", "%i %u"), Records.queue())).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("102 bob\n");
    }

    @Test
    void anUnknownFormatLetterOrNameIsNamedOnlyOnceTheControllerHasAnswered() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).run(List.of("-o", "%i %_"))).isEqualTo(1);
        assertThat(console.err())
                .isEqualTo("slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
    }

    @Test
    void anUnknownFormatLetterIsReportedAndPrintedAsItStands() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).show(List.of("-t", "R", "-o", "%i %.5_ x%u|"), Records.queue()))
                .isZero();
        assertThat(console.err()).isEqualTo("squeue: error: Invalid job format specification: _\n");
        assertThat(console.out()).isEqualTo("JOBID %.5_ xUSER|\n103 %.5_ xcarol|\n101 %.5_ xalice|\n"
                + "200_0 %.5_ xalice|\n");
    }

    @Test
    void anUnknownFieldNameIsReportedAndPrintsOnlyItsSuffix() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).show(List.of("-t", "R", "-O", "jobid:6,bogus,name:4,nope:3|"),
                Records.queue())).isZero();
        assertThat(console.err()).isEqualTo("squeue: error: Invalid job format specification: bogus\n"
                + "squeue: error: Invalid job format specification: nope\n");
        assertThat(console.out()).isEqualTo("JOBID NAME|\n103   prep|\n101   trai|\n200   swee|\n");
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
