package io.jslurm.slurmdbd.storage;

import io.jslurm.slurmdbd.records.ExitCode;
import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.StepId;
import io.jslurm.slurmdbd.records.StepRecord;
import io.jslurm.slurmdbd.records.StepUsage;
import io.jslurm.slurmdbd.storage.Upsert.Column;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** How a {@link StepRecord} maps onto {@code step_table}, both ways. */
final class StepTable {

    static final List<Column<StepRecord>> KEY = List.of(
            new Column<>("cluster", (s, i, r) -> s.setString(i, r.job().cluster())),
            new Column<>("id_job", (s, i, r) -> s.setLong(i, r.job().jobId())),
            new Column<>("job_time_submit", (s, i, r) -> s.setLong(i, r.job().submitTime().getEpochSecond())),
            new Column<>("id_step", (s, i, r) -> s.setInt(i, r.stepId().value())));

    static final List<Column<StepRecord>> DATA = List.of(
            new Column<>("step_name", (s, i, r) -> s.setString(i, r.name())),
            new Column<>("state", (s, i, r) -> s.setString(i, r.state().name())),
            new Column<>("exit_code", (s, i, r) -> s.setInt(i, r.exitCode().code())),
            new Column<>("exit_signal", (s, i, r) -> s.setInt(i, r.exitCode().signal())),
            new Column<>("nodelist", (s, i, r) -> s.setString(i, r.nodeList())),
            new Column<>("nodes_alloc", (s, i, r) -> s.setInt(i, r.nodes())),
            new Column<>("task_cnt", (s, i, r) -> s.setInt(i, r.tasks())),
            new Column<>("tres_alloc", (s, i, r) -> s.setString(i, r.tresAlloc())),
            new Column<>("time_start", (s, i, r) -> Sql.setSeconds(s, i, r.start())),
            new Column<>("time_end", (s, i, r) -> Sql.setSeconds(s, i, r.end())),
            new Column<>("user_cpu_usec", (s, i, r) -> s.setLong(i, micros(r.usage().userCpu()))),
            new Column<>("sys_cpu_usec", (s, i, r) -> s.setLong(i, micros(r.usage().systemCpu()))),
            new Column<>("max_rss", (s, i, r) -> s.setLong(i, r.usage().maxRss())),
            new Column<>("ave_rss", (s, i, r) -> s.setLong(i, r.usage().aveRss())),
            new Column<>("max_vmsize", (s, i, r) -> s.setLong(i, r.usage().maxVmSize())),
            new Column<>("disk_read", (s, i, r) -> s.setLong(i, r.usage().diskRead())),
            new Column<>("disk_write", (s, i, r) -> s.setLong(i, r.usage().diskWrite())),
            new Column<>("tres_usage_in_max", (s, i, r) -> s.setString(i, r.usage().tresUsageInMax())),
            new Column<>("tres_usage_in_ave", (s, i, r) -> s.setString(i, r.usage().tresUsageInAve())),
            new Column<>("tres_usage_in_tot", (s, i, r) -> s.setString(i, r.usage().tresUsageInTot())),
            new Column<>("tres_usage_out_max", (s, i, r) -> s.setString(i, r.usage().tresUsageOutMax())),
            new Column<>("tres_usage_out_tot", (s, i, r) -> s.setString(i, r.usage().tresUsageOutTot())),
            new Column<>("rec_time_ms", (s, i, r) -> s.setLong(i, r.recordTime().toEpochMilli())));

    static final Upsert<StepRecord> UPSERT = new Upsert<>("step_table", KEY, DATA, r -> r.order().value());

    private StepTable() {
    }

    static StepRecord read(NamedRow row) throws SQLException {
        JobKey job = new JobKey(row.getString("cluster"), row.getLong("id_job"), Instant.ofEpochSecond(row.getLong("job_time_submit")));
        StepUsage usage = new StepUsage(Duration.of(row.getLong("user_cpu_usec"), ChronoUnit.MICROS),
                Duration.of(row.getLong("sys_cpu_usec"), ChronoUnit.MICROS), row.getLong("max_rss"), row.getLong("ave_rss"),
                row.getLong("max_vmsize"), row.getLong("disk_read"), row.getLong("disk_write"),
                row.getString("tres_usage_in_max"), row.getString("tres_usage_in_ave"), row.getString("tres_usage_in_tot"),
                row.getString("tres_usage_out_max"), row.getString("tres_usage_out_tot"));
        return new StepRecord(job, new StepId(row.getInt("id_step")), row.getString("step_name"),
                JobState.valueOf(row.getString("state")), new ExitCode(row.getInt("exit_code"), row.getInt("exit_signal")),
                row.getString("nodelist"), row.getInt("nodes_alloc"), row.getInt("task_cnt"), row.getString("tres_alloc"),
                row.seconds("time_start"), row.seconds("time_end"), usage,
                Instant.ofEpochMilli(row.getLong("rec_time_ms")));
    }

    private static long micros(Duration d) {
        return d.toNanos() / 1_000;
    }
}
