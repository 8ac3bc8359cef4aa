package io.jslurm.cli.sdiag;

import io.jslurm.protocol.proto.BackfillStats;
import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import io.jslurm.protocol.proto.SchedulerCycleStats;
import io.jslurm.protocol.proto.StatsInfoResponse;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * sdiag's text, line for line as Slurm 22.05 prints it: monitoring (Prometheus exporters among them) finds values
 * by these labels, tabs and column widths.
 */
final class SdiagReport {

    private static final String RULE = "*******************************************************";
    /** C's ctime(): the day of the month padded with a space. */
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy",
            Locale.ROOT);

    private final ZoneId zone;
    private final RpcOrder order;
    private final LongFunction<String> userNames;

    SdiagReport(ZoneId zone, RpcOrder order, LongFunction<String> userNames) {
        this.zone = zone;
        this.order = order;
        this.userNames = userNames;
    }

    String render(StatsInfoResponse s) {
        StringBuilder out = new StringBuilder(4096);
        out.append(RULE).append('\n');
        line(out, "sdiag output at %s (%d)", time(s.getRequestTime()), s.getRequestTime());
        line(out, "Data since      %s (%d)", time(s.getDataSince()), s.getDataSince());
        out.append(RULE).append('\n');
        line(out, "Server thread count:  %d", s.getServerThreadCount());
        line(out, "Agent queue size:     %d", s.getAgentQueueSize());
        line(out, "Agent count:          %d", s.getAgentCount());
        line(out, "Agent thread count:   %d", s.getAgentThreadCount());
        line(out, "DBD Agent queue size: %d", s.getDbdAgentQueueSize());
        out.append('\n');
        line(out, "Jobs submitted: %d", s.getJobsSubmitted());
        line(out, "Jobs started:   %d", s.getJobsStarted());
        line(out, "Jobs completed: %d", s.getJobsCompleted());
        line(out, "Jobs canceled:  %d", s.getJobsCanceled());
        line(out, "Jobs failed:    %d", s.getJobsFailed());
        out.append('\n');
        line(out, "Job states ts:  %s (%d)", time(s.getJobStatesTime()), s.getJobStatesTime());
        line(out, "Jobs pending:   %d", s.getJobsPending());
        line(out, "Jobs running:   %d", s.getJobsRunning());
        out.append('\n');
        main(out, s.getMain(), s.getRequestTime() - s.getDataSince());
        out.append('\n');
        backfill(out, s.getBackfill());
        out.append('\n');
        line(out, "Latency for 1000 calls to gettimeofday(): %d microseconds", s.getClockLatency());
        out.append('\n');
        out.append("Remote Procedure Call statistics by message type\n");
        for (RpcTypeStats t : s.getRpcTypesList().stream().sorted(order.types()).toList()) {
            line(out, "\t%-40s(%5d) count:%-6d ave_time:%-6d total_time:%d", t.getName(), t.getId(), t.getCount(),
                    RpcOrder.average(t.getTotalTime(), t.getCount()), t.getTotalTime());
        }
        out.append('\n');
        out.append("Remote Procedure Call statistics by user\n");
        List<RpcUserStats> users = s.getRpcUsersList().stream().sorted(order.users()).toList();
        for (RpcUserStats u : users) {
            line(out, "\t%-16s(%8d) count:%-6d ave_time:%-6d total_time:%d", userNames.apply(u.getUid()),
                    u.getUid(), u.getCount(), RpcOrder.average(u.getTotalTime(), u.getCount()), u.getTotalTime());
        }
        out.append('\n');
        // Requests to slurmd are sent at once by a pool, never held back per type as Slurm's agent may.
        out.append("Pending RPC statistics\n");
        out.append("\tNo pending RPCs\n");
        return out.toString();
    }

    private static void main(StringBuilder out, SchedulerCycleStats m, long secondsOfData) {
        out.append("Main schedule statistics (microseconds):\n");
        line(out, "\tLast cycle:   %d", m.getLastCycle());
        line(out, "\tMax cycle:    %d", m.getMaxCycle());
        line(out, "\tTotal cycles: %d", m.getTotalCycles());
        if (m.getTotalCycles() > 0) {
            line(out, "\tMean cycle:   %d", m.getCycleSum() / m.getTotalCycles());
            line(out, "\tMean depth cycle:  %d", m.getDepthSum() / m.getTotalCycles());
        }
        if (secondsOfData > 60) {
            line(out, "\tCycles per minute: %d", m.getTotalCycles() / (secondsOfData / 60));
        }
        line(out, "\tLast queue length: %d", m.getLastQueueLength());
    }

    private void backfill(StringBuilder out, BackfillStats b) {
        long cycles = b.getTotalCycles();
        out.append("Backfilling stats\n");
        line(out, "\tTotal backfilled jobs (since last slurm start): %d", b.getBackfilledJobs());
        line(out, "\tTotal backfilled jobs (since last stats cycle start): %d", b.getBackfilledJobsSinceReset());
        out.append("\tTotal backfilled heterogeneous job components: 0\n");
        line(out, "\tTotal cycles: %d", cycles);
        if (b.getLastCycleWhen() > 0) {
            line(out, "\tLast cycle when: %s (%d)", time(b.getLastCycleWhen()), b.getLastCycleWhen());
        } else {
            out.append("\tLast cycle when: N/A\n");
        }
        line(out, "\tLast cycle: %d", b.getLastCycle());
        line(out, "\tMax cycle:  %d", b.getMaxCycle());
        if (cycles > 0) {
            line(out, "\tMean cycle: %d", b.getCycleSum() / cycles);
        }
        line(out, "\tLast depth cycle: %d", b.getLastDepth());
        line(out, "\tLast depth cycle (try sched): %d", b.getLastDepthTry());
        if (cycles > 0) {
            line(out, "\tDepth Mean: %d", b.getDepthSum() / cycles);
            line(out, "\tDepth Mean (try depth): %d", b.getDepthTrySum() / cycles);
        }
        line(out, "\tLast queue length: %d", b.getLastQueueLength());
        if (cycles > 0) {
            line(out, "\tQueue length mean: %d", b.getQueueLengthSum() / cycles);
        }
        line(out, "\tLast table size: %d", b.getLastTableSize());
        if (cycles > 0) {
            line(out, "\tMean table size: %d", b.getTableSizeSum() / cycles);
        }
    }

    private String time(long epochSeconds) {
        return CTIME.format(Instant.ofEpochSecond(epochSeconds).atZone(zone));
    }

    private static void line(StringBuilder out, String format, Object... values) {
        out.append(String.format(Locale.ROOT, format, values)).append('\n');
    }
}
