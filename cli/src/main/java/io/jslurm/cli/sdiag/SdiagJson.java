package io.jslurm.cli.sdiag;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.json.JsonDocument;
import io.jslurm.cli.json.JsonWriter;
import io.jslurm.protocol.proto.BackfillStats;
import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import io.jslurm.protocol.proto.SchedulerCycleStats;
import io.jslurm.protocol.proto.StatsInfoResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongFunction;

/** sdiag --json: the statistics object of later Slurm releases (data_parser's "statistics"), then meta. */
final class SdiagJson {

    private SdiagJson() {
    }

    static void write(OutputStream out, List<String> command, ClientIdentity client, StatsInfoResponse s,
                      RpcOrder order, LongFunction<String> userNames) {
        JsonDocument.write(out, command, client, "", json -> {
            json.startObject("statistics");
            json.integer("parts_packed", 1);
            json.time("req_time", s.getRequestTime());
            json.time("req_time_start", s.getDataSince());
            json.integer("server_thread_count", s.getServerThreadCount());
            json.integer("agent_queue_size", s.getAgentQueueSize());
            json.integer("agent_count", s.getAgentCount());
            json.integer("agent_thread_count", s.getAgentThreadCount());
            json.integer("dbd_agent_queue_size", s.getDbdAgentQueueSize());
            json.integer("gettimeofday_latency", s.getClockLatency());
            main(json, s.getMain(), s.getRequestTime() - s.getDataSince());
            json.integer("jobs_submitted", s.getJobsSubmitted());
            json.integer("jobs_started", s.getJobsStarted());
            json.integer("jobs_completed", s.getJobsCompleted());
            json.integer("jobs_canceled", s.getJobsCanceled());
            json.integer("jobs_failed", s.getJobsFailed());
            json.integer("jobs_pending", s.getJobsPending());
            json.integer("jobs_running", s.getJobsRunning());
            json.time("job_states_ts", s.getJobStatesTime());
            backfill(json, s.getBackfill());
            json.startArray("rpcs_by_message_type");
            for (RpcTypeStats t : s.getRpcTypesList().stream().sorted(order.types()).toList()) {
                json.startObject();
                json.string("message_type", t.getName());
                json.integer("type_id", t.getId());
                json.integer("count", t.getCount());
                json.integer("average_time", RpcOrder.average(t.getTotalTime(), t.getCount()));
                json.integer("total_time", t.getTotalTime());
                json.endObject();
            }
            json.endArray();
            json.startArray("rpcs_by_user");
            for (RpcUserStats u : s.getRpcUsersList().stream().sorted(order.users()).toList()) {
                json.startObject();
                json.string("user", userNames.apply(u.getUid()));
                json.integer("user_id", u.getUid());
                json.integer("count", u.getCount());
                json.integer("average_time", RpcOrder.average(u.getTotalTime(), u.getCount()));
                json.integer("total_time", u.getTotalTime());
                json.endObject();
            }
            json.endArray();
            json.startArray("pending_rpcs");
            json.endArray();
            json.startArray("pending_rpcs_by_hostlist");
            json.endArray();
            json.endObject();
        });
    }

    private static void main(JsonWriter json, SchedulerCycleStats m, long secondsOfData) throws IOException {
        long cycles = m.getTotalCycles();
        json.integer("schedule_cycle_max", m.getMaxCycle());
        json.integer("schedule_cycle_last", m.getLastCycle());
        json.integer("schedule_cycle_total", cycles);
        json.integer("schedule_cycle_mean", cycles == 0 ? 0 : m.getCycleSum() / cycles);
        json.integer("schedule_cycle_mean_depth", cycles == 0 ? 0 : m.getDepthSum() / cycles);
        json.integer("schedule_cycle_per_minute", secondsOfData > 60 ? cycles / (secondsOfData / 60) : 0);
        json.integer("schedule_queue_length", m.getLastQueueLength());
    }

    private static void backfill(JsonWriter json, BackfillStats b) throws IOException {
        long cycles = b.getTotalCycles();
        json.integer("bf_backfilled_jobs", b.getBackfilledJobs());
        json.integer("bf_last_backfilled_jobs", b.getBackfilledJobsSinceReset());
        json.integer("bf_backfilled_het_jobs", 0);
        json.integer("bf_cycle_counter", cycles);
        json.integer("bf_cycle_mean", cycles == 0 ? 0 : b.getCycleSum() / cycles);
        json.integer("bf_depth_mean", cycles == 0 ? 0 : b.getDepthSum() / cycles);
        json.integer("bf_depth_mean_try", cycles == 0 ? 0 : b.getDepthTrySum() / cycles);
        json.integer("bf_cycle_sum", b.getCycleSum());
        json.integer("bf_cycle_last", b.getLastCycle());
        json.integer("bf_cycle_max", b.getMaxCycle());
        json.integer("bf_last_depth", b.getLastDepth());
        json.integer("bf_last_depth_try", b.getLastDepthTry());
        json.integer("bf_depth_sum", b.getDepthSum());
        json.integer("bf_depth_try_sum", b.getDepthTrySum());
        json.integer("bf_queue_len", b.getLastQueueLength());
        json.integer("bf_queue_len_mean", cycles == 0 ? 0 : b.getQueueLengthSum() / cycles);
        json.integer("bf_queue_len_sum", b.getQueueLengthSum());
        json.integer("bf_table_size", b.getLastTableSize());
        json.integer("bf_table_size_mean", cycles == 0 ? 0 : b.getTableSizeSum() / cycles);
        json.time("bf_when_last_cycle", b.getLastCycleWhen());
        json.bool("bf_active", false);
    }
}
