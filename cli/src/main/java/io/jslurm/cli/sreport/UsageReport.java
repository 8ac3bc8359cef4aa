package io.jslurm.cli.sreport;

import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.protocol.proto.DbdUsageResponse;
import io.jslurm.protocol.proto.DbdUserUsage;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text of sreport's two reports: a banner (title with the period, the unit line) between rules of dashes,
 * then a table in sreport's layout (columns right-justified, each followed by a space, or {@code -p}/{@code -P}
 * parsable). {@code -n} drops the banner and the column titles.
 */
final class UsageReport {

    private static final String RULE = "-".repeat(80);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private final FieldTable.Mode mode;
    private final boolean header;
    private final ReportTime time;
    private final ZoneId zone;

    UsageReport(FieldTable.Mode mode, boolean header, ReportTime time, ZoneId zone) {
        this.mode = mode;
        this.header = header;
        this.time = time;
        this.zone = zone;
    }

    String clusterUtilization(String cluster, ReportRequest request, DbdUsageResponse usage) {
        StringBuilder out = new StringBuilder();
        banner(out, "Cluster Utilization " + period(request));
        long total = usage.getReportedSecs();
        int w = time.width();
        FieldTable table = table(List.of("Cluster", "Allocated", "Down", "PLND Down", "Idle", "Planned", "Reported"),
                List.of(9, w, w, w, w, w, w));
        table.printHeader(out);
        table.printRow(List.of(cluster, time.format(usage.getAllocatedSecs(), total),
                time.format(usage.getDownSecs(), total), time.format(usage.getPlannedDownSecs(), total),
                time.format(usage.getIdleSecs(), total), time.format(usage.getPlannedSecs(), total),
                time.format(total, total)), out);
        return out.toString();
    }

    String topUsers(String cluster, ReportRequest request, DbdUsageResponse usage, ProperNames names) {
        StringBuilder out = new StringBuilder();
        long seconds = request.end().getEpochSecond() - request.start().getEpochSecond();
        banner(out, "Top " + request.topCount() + " Users " + period(request) + " (" + seconds + " secs)");
        FieldTable table = table(List.of("Cluster", "Login", "Proper Name", "Account", "Used", "Energy"),
                List.of(9, 9, 15, 15, time.width(), time.width()));
        table.printHeader(out);
        List<DbdUserUsage> rows = request.group() ? grouped(usage.getUsersList()) : usage.getUsersList();
        long total = usage.getReportedSecs();
        rows.stream().limit(request.topCount()).forEach(row -> table.printRow(List.of(cluster, row.getUser(),
                names.of(row.getUser()), row.getAccount(), time.format(row.getAllocatedSecs(), total),
                time.format(0, total)), out));
        return out.toString();
    }

    /** {@code group}: one line per user, with the accounts it used joined. */
    private static List<DbdUserUsage> grouped(List<DbdUserUsage> rows) {
        Map<String, DbdUserUsage.Builder> byUser = new LinkedHashMap<>();
        for (DbdUserUsage row : rows) {
            DbdUserUsage.Builder merged = byUser.get(row.getUser());
            if (merged == null) {
                byUser.put(row.getUser(), row.toBuilder());
            } else {
                merged.setAccount(merged.getAccount() + "," + row.getAccount())
                        .setAllocatedSecs(merged.getAllocatedSecs() + row.getAllocatedSecs());
            }
        }
        List<DbdUserUsage> out = new ArrayList<>();
        byUser.values().forEach(b -> out.add(b.build()));
        out.sort((a, b) -> Long.compare(b.getAllocatedSecs(), a.getAllocatedSecs()));
        return out;
    }

    private FieldTable table(List<String> titles, List<Integer> widths) {
        return new FieldTable(titles, widths, mode, "|", header);
    }

    private void banner(StringBuilder out, String title) {
        if (header) {
            out.append(RULE).append('\n').append(title).append('\n').append(time.usageLine()).append('\n')
                    .append(RULE).append('\n');
        }
    }

    /** The period as sreport prints it: its last second is the one before the end. */
    private String period(ReportRequest request) {
        return stamp(request.start()) + " - " + stamp(request.end().minusSeconds(1));
    }

    private String stamp(Instant time) {
        return LocalDateTime.ofInstant(time, zone).format(STAMP);
    }
}
