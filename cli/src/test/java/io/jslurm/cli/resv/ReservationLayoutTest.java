package io.jslurm.cli.resv;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.ReservationRecord;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** scontrol show reservation and sinfo -T as Slurm 22.05 prints them. */
class ReservationLayoutTest {

    private static final long START = Instant.parse("2026-12-01T10:00:00Z").getEpochSecond();

    private static ReservationRecord.Builder record() {
        return ReservationRecord.newBuilder().setName("maint").setStartTime(START).setEndTime(START + 90_000)
                .setNodes("node[1-2]").setNodeCount(2).setCoreCount(16).setTres("cpu=16").addFlags("MAINT")
                .addFlags("SPEC_NODES").setUsers("root");
    }

    @Test
    void showHasSlurmsFiveLines() {
        assertThat(ReservationLayout.show(record().build(), ZoneOffset.UTC, false)).isEqualTo("""
                ReservationName=maint StartTime=2026-12-01T10:00:00 EndTime=2026-12-02T11:00:00 Duration=1-01:00:00
                   Nodes=node[1-2] NodeCnt=2 CoreCnt=16 Features=(null) PartitionName=(null) Flags=MAINT,SPEC_NODES
                   TRES=cpu=16
                   Users=root Groups=(null) Accounts=(null) Licenses=(null) State=INACTIVE BurstBuffer=(null) Watts=n/a
                   MaxStartDelay=(null)
                """);
    }

    @Test
    void oneLinerJoinsThemWithSpaces() {
        String line = ReservationLayout.show(record().setActive(true).setPartition("batch").setAccounts("physics")
                .build(), ZoneOffset.UTC, true);
        assertThat(line).doesNotContain("\n   ").endsWith(" MaxStartDelay=(null)\n")
                .contains(" PartitionName=batch ", " Accounts=physics ", " State=ACTIVE ", "Duration=1-01:00:00 Nodes=");
    }

    @Test
    void sinfoListsOneLinePerReservationUnderItsHeader() {
        assertThat(ReservationLayout.header() + "\n" + ReservationLayout.line(record().setActive(true).build(),
                ZoneOffset.UTC)).isEqualTo("""
                RESV_NAME          STATE           START_TIME             END_TIME     DURATION  NODELIST
                maint             ACTIVE  2026-12-01T10:00:00  2026-12-02T11:00:00   1-01:00:00  node[1-2]""");
    }
}
