package io.jslurm.cli.resv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** scontrol's own checks before a reservation request leaves: the texts Slurm 22.05's scontrol prints. */
class ReservationWordsTest {

    private static String create(String... words) {
        return ReservationWords.problem(List.of(words), true).orElse("");
    }

    @Test
    void createNeedsAStartAnEndAndNodes() {
        assertThat(create()).isEqualTo("scontrol: error: A start time must be given.  No reservation created.");
        assertThat(create("StartTime=now"))
                .isEqualTo("scontrol: error: An end time or duration must be given.  No reservation created.");
        assertThat(create("StartTime=now", "Duration=10")).isEqualTo("scontrol: error: CoreCnt, Nodes, NodeCnt, "
                + "BurstBuffer, Licenses or Watts must be specified.  No reservation created.");
        assertThat(create("StartTime=now", "Duration=10", "Nodes=n1", "Users=root")).isEmpty();
        assertThat(create("starttime=now+1hour", "endtime=2026-12-24T10:00", "nodecnt=2", "accounts=a",
                "flags=maint,ignore_jobs")).isEmpty();
    }

    @Test
    void badValuesAreNamed() {
        assertThat(create("StartTime=bogus", "Duration=10", "Nodes=n1")).isEqualTo(
                "Invalid time specification (pos=0): bogus\n"
                        + "scontrol: error: Invalid start time StartTime=bogus.  No reservation created.");
        assertThat(create("StartTime=now", "EndTime=bogus")).endsWith("Invalid end time EndTime=bogus.  No "
                + "reservation created.");
        assertThat(create("StartTime=now", "Duration=bogus"))
                .isEqualTo("scontrol: error: Invalid duration Duration=bogus.  No reservation created.");
        assertThat(create("StartTime=now", "Duration=10", "NodeCnt=x"))
                .isEqualTo("scontrol: error: Invalid node count x");
        assertThat(create("Foo=1")).isEqualTo("scontrol: error: Unknown parameter Foo=1.  No reservation created.");
        assertThat(create("StartTime=now", "Duration=10", "Nodes=n1", "Flags=BOGUS"))
                .isEqualTo("scontrol: error: Error parsing flags BOGUS.  No reservation created.");
        assertThat(ReservationWords.problem(List.of("ReservationName=x", "Duration=bogus"), false))
                .contains("scontrol: error: Invalid duration Duration=bogus.  No reservation update.");
        assertThat(ReservationWords.problem(List.of("ReservationName=x", "Flags+=MAINT"), false)).isEmpty();
    }
}
