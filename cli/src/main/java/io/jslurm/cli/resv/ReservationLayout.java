package io.jslurm.cli.resv;

import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.Timestamps;
import io.jslurm.protocol.proto.ReservationRecord;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/** How scontrol show reservation and sinfo -T print a reservation, as Slurm 22.05 does. */
public final class ReservationLayout {

    private static final String NULL = "(null)";

    private ReservationLayout() {
    }

    /** scontrol show reservation: five lines (one with -o), without the blank line after. */
    public static String show(ReservationRecord r, ZoneId zone, boolean oneLiner) {
        List<String> lines = List.of(
                "ReservationName=" + r.getName() + " StartTime=" + time(r.getStartTime(), zone) + " EndTime="
                        + time(r.getEndTime(), zone) + " Duration=" + duration(r),
                "Nodes=" + orNull(r.getNodes()) + " NodeCnt=" + r.getNodeCount() + " CoreCnt=" + r.getCoreCount()
                        + " Features=(null) PartitionName=" + orNull(r.getPartition()) + " Flags="
                        + String.join(",", r.getFlagsList()),
                "TRES=" + orNull(r.getTres()),
                "Users=" + orNull(r.getUsers()) + " Groups=(null) Accounts=" + orNull(r.getAccounts())
                        + " Licenses=(null) State=" + state(r) + " BurstBuffer=(null) Watts=n/a",
                "MaxStartDelay=(null)");
        return oneLiner ? String.join(" ", lines) + "\n" : String.join("\n   ", lines) + "\n";
    }

    /** sinfo -T's header. */
    public static String header() {
        return row("RESV_NAME", "STATE", "START_TIME", "END_TIME", "DURATION", "NODELIST");
    }

    /** sinfo -T's line for one reservation. */
    public static String line(ReservationRecord r, ZoneId zone) {
        return row(r.getName(), state(r), time(r.getStartTime(), zone), time(r.getEndTime(), zone), duration(r),
                r.getNodes());
    }

    private static String row(String name, String state, String start, String end, String duration, String nodes) {
        return String.format("%-14s  %8s  %19s  %19s  %11s  %s", name, state, start, end, duration, nodes);
    }

    private static String state(ReservationRecord r) {
        return r.getActive() ? "ACTIVE" : "INACTIVE";
    }

    private static String time(long epochSeconds, ZoneId zone) {
        return Timestamps.format(Instant.ofEpochSecond(epochSeconds), zone);
    }

    private static String duration(ReservationRecord r) {
        return new Elapsed(Math.max(0, r.getEndTime() - r.getStartTime())).toPaddedString();
    }

    private static String orNull(String value) {
        return value.isEmpty() ? NULL : value;
    }
}
