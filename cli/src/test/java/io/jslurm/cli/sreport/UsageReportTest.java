package io.jslurm.cli.sreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.protocol.proto.DbdUsageResponse;
import io.jslurm.protocol.proto.DbdUserUsage;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsageReportTest {

    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final InstantSource NOW = InstantSource.fixed(Instant.parse("2026-11-30T04:10:00Z"));
    /** A day of 16 CPUs: 1,382,400 CPU-seconds, 86,400 of them allocated. */
    private static final DbdUsageResponse DAY = DbdUsageResponse.newBuilder().setCpuCount(16)
            .setAllocatedSecs(86_400).setIdleSecs(1_296_000).setReportedSecs(1_382_400)
            .addUsers(DbdUserUsage.newBuilder().setUser("alice").setAccount("ml").setAllocatedSecs(57_600))
            .addUsers(DbdUserUsage.newBuilder().setUser("bob").setAccount("phys").setAllocatedSecs(28_800))
            .addUsers(DbdUserUsage.newBuilder().setUser("alice").setAccount("bio").setAllocatedSecs(60))
            .build();

    private static ReportRequest request(String... words) {
        return ReportRequest.parse(List.of(words), NOW, UTC);
    }

    @Test
    void clusterUtilizationDefaultsToYesterdayInCpuMinutes() {
        String text = new UsageReport(FieldTable.Mode.FIXED, true, ReportTime.MINUTES, UTC)
                .clusterUtilization("c1", request("cluster", "utilization"), DAY);

        assertThat(text).isEqualTo("""
                --------------------------------------------------------------------------------
                Cluster Utilization 2026-11-29T00:00:00 - 2026-11-29T23:59:59
                Usage reported in CPU Minutes
                --------------------------------------------------------------------------------
                  Cluster Allocated      Down PLND Down      Idle   Planned  Reported\s
                --------- --------- --------- --------- --------- --------- ---------\s
                       c1      1440         0         0     21600         0     23040\s
                """);
    }

    @Test
    void parsableAndPercentFormats() {
        ReportRequest hours = request("cluster", "util", "start=2026-11-28T10:20:00", "end=2026-11-28T12:00:00");
        String text = new UsageReport(FieldTable.Mode.PARSABLE2, false, ReportTime.PERCENT, UTC)
                .clusterUtilization("c1", hours, DAY);
        assertThat(text).isEqualTo("c1|6.25%|0.00%|0.00%|93.75%|0.00%|100.00%\n");

        String minPer = new UsageReport(FieldTable.Mode.PARSABLE, false, ReportTime.parse("minper"), UTC)
                .clusterUtilization("c1", hours, DAY);
        assertThat(minPer).startsWith("c1|1440(6.25%)|0(0.00%)|");
        assertThat(minPer).endsWith("|23040(100.00%)|\n");
        assertThat(hours.start()).isEqualTo(Instant.parse("2026-11-28T10:00:00Z"));
    }

    @Test
    void topUsersMostUsedFirstWithProperNamesAndGrouping() {
        ProperNames names = ProperNames.of(List.of("alice:x:1001:1001:Alice Liddell,,,:/home/alice:/bin/bash"));
        String text = new UsageReport(FieldTable.Mode.PARSABLE2, true, ReportTime.HOURS, UTC)
                .topUsers("c1", request("user", "topusage", "topcount=2"), DAY, names);

        assertThat(text).isEqualTo("""
                --------------------------------------------------------------------------------
                Top 2 Users 2026-11-29T00:00:00 - 2026-11-29T23:59:59 (86400 secs)
                Usage reported in CPU Hours
                --------------------------------------------------------------------------------
                Cluster|Login|Proper Name|Account|Used|Energy
                c1|alice|Alice Liddell|ml|16|0
                c1|bob||phys|8|0
                """);

        String grouped = new UsageReport(FieldTable.Mode.PARSABLE2, false, ReportTime.SECONDS, UTC)
                .topUsers("c1", request("user", "top", "group"), DAY, names);
        assertThat(grouped).startsWith("c1|alice|Alice Liddell|ml,bio|57660|0\n");
    }

    @Test
    void badWordsAreNamed() {
        assertThatThrownBy(() -> request("cluster", "utilization", "start=yesterdayish"))
                .hasMessage("Invalid time specification: yesterdayish");
        assertThatThrownBy(() -> request("job", "sizes")).hasMessageStartingWith("Not valid report job sizes");
        assertThatThrownBy(() -> request("user", "top", "colour=blue")).hasMessage("Unknown condition: colour=blue");
        assertThatThrownBy(() -> ReportTime.parse("fortnights")).hasMessageStartingWith("unknown time format 'fortnights'");
    }

    @Test
    void timeFormatsAbbreviate() {
        assertThat(ReportTime.parse("h")).isEqualTo(ReportTime.HOURS);
        assertThat(ReportTime.parse("Minutes")).isEqualTo(ReportTime.MINUTES);
        assertThat(ReportTime.parse("p")).isEqualTo(ReportTime.PERCENT);
        assertThat(ReportTime.parse("HourPer")).isEqualTo(ReportTime.HOURPER);
        assertThat(ReportTime.parse("second")).isEqualTo(ReportTime.SECONDS);
    }
}
