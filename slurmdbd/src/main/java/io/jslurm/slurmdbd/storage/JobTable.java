package io.jslurm.slurmdbd.storage;

import io.jslurm.slurmdbd.records.ArrayIds;
import io.jslurm.slurmdbd.records.ExitCode;
import io.jslurm.slurmdbd.records.JobIo;
import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.JobResources;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.JobTimes;
import io.jslurm.slurmdbd.records.Owner;
import io.jslurm.slurmdbd.storage.Upsert.Column;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** How a {@link JobRecord} maps onto {@code job_table}, both ways. */
final class JobTable {

    static final List<Column<JobRecord>> KEY = List.of(
            new Column<>("cluster", (s, i, j) -> s.setString(i, j.key().cluster())),
            new Column<>("id_job", (s, i, j) -> s.setLong(i, j.key().jobId())),
            new Column<>("time_submit", (s, i, j) -> s.setLong(i, j.key().submitTime().getEpochSecond())));

    static final List<Column<JobRecord>> DATA = List.of(
            new Column<>("id_array_job", (s, i, j) -> s.setLong(i, j.array().map(ArrayIds::arrayJobId).orElse(0L))),
            new Column<>("id_array_task", (s, i, j) -> Sql.setLong(s, i, j.array().map(ArrayIds::taskId).orElse(OptionalLong.empty()))),
            new Column<>("array_task_str", (s, i, j) -> {
                Optional<String> pending = j.array().map(ArrayIds::pendingTasks).filter(p -> !p.isEmpty());
                if (pending.isPresent()) {
                    s.setString(i, pending.get());
                } else {
                    s.setNull(i, Types.VARCHAR);
                }
            }),
            new Column<>("job_name", (s, i, j) -> s.setString(i, j.name())),
            new Column<>("user_name", (s, i, j) -> s.setString(i, j.owner().user())),
            new Column<>("id_user", (s, i, j) -> s.setLong(i, j.owner().uid())),
            new Column<>("group_name", (s, i, j) -> s.setString(i, j.owner().group())),
            new Column<>("id_group", (s, i, j) -> s.setLong(i, j.owner().gid())),
            new Column<>("account", (s, i, j) -> s.setString(i, j.account())),
            new Column<>("partition_name", (s, i, j) -> s.setString(i, j.partition())),
            new Column<>("qos", (s, i, j) -> s.setString(i, j.qos())),
            new Column<>("state", (s, i, j) -> s.setString(i, j.state().name())),
            new Column<>("kill_requid", (s, i, j) -> Sql.setLong(s, i, j.cancelledBy())),
            new Column<>("state_reason", (s, i, j) -> s.setString(i, j.reason())),
            new Column<>("exit_code", (s, i, j) -> s.setInt(i, j.exitCode().code())),
            new Column<>("exit_signal", (s, i, j) -> s.setInt(i, j.exitCode().signal())),
            new Column<>("derived_exit_code", (s, i, j) -> s.setInt(i, j.derivedExitCode().code())),
            new Column<>("derived_exit_signal", (s, i, j) -> s.setInt(i, j.derivedExitCode().signal())),
            new Column<>("priority", (s, i, j) -> s.setLong(i, j.priority())),
            new Column<>("tres_req", (s, i, j) -> s.setString(i, j.resources().tresReq())),
            new Column<>("tres_alloc", (s, i, j) -> s.setString(i, j.resources().tresAlloc())),
            new Column<>("mem_req_mb", (s, i, j) -> Sql.setLong(s, i, j.resources().reqMemMb())),
            new Column<>("mem_req_per_cpu", (s, i, j) -> s.setBoolean(i, j.resources().memPerCpu())),
            new Column<>("nodelist", (s, i, j) -> s.setString(i, j.resources().nodeList())),
            new Column<>("nodes_alloc", (s, i, j) -> s.setInt(i, j.resources().allocNodes())),
            new Column<>("cpus_req", (s, i, j) -> s.setInt(i, j.resources().reqCpus())),
            new Column<>("cpus_alloc", (s, i, j) -> s.setInt(i, j.resources().allocCpus())),
            new Column<>("time_eligible", (s, i, j) -> Sql.setSeconds(s, i, j.times().eligible())),
            new Column<>("time_start", (s, i, j) -> Sql.setSeconds(s, i, j.times().start())),
            new Column<>("time_end", (s, i, j) -> Sql.setSeconds(s, i, j.times().end())),
            new Column<>("time_suspended", (s, i, j) -> s.setLong(i, j.times().suspended().toSeconds())),
            new Column<>("timelimit_min", (s, i, j) -> Sql.setLong(s, i, j.times().timeLimit()
                    .map(d -> OptionalLong.of(d.toMinutes())).orElse(OptionalLong.empty()))),
            new Column<>("work_dir", (s, i, j) -> s.setString(i, j.io().workDir())),
            new Column<>("job_comment", (s, i, j) -> s.setString(i, j.comment())),
            new Column<>("std_in", (s, i, j) -> s.setString(i, j.io().stdIn())),
            new Column<>("std_out", (s, i, j) -> s.setString(i, j.io().stdOut())),
            new Column<>("std_err", (s, i, j) -> s.setString(i, j.io().stdErr())),
            new Column<>("submit_line", (s, i, j) -> s.setString(i, j.submitLine())),
            new Column<>("restart_cnt", (s, i, j) -> s.setInt(i, j.restartCount())),
            new Column<>("rec_time_ms", (s, i, j) -> s.setLong(i, j.recordTime().toEpochMilli())));

    static final Upsert<JobRecord> UPSERT = new Upsert<>("job_table", KEY, DATA, j -> j.order().value());

    private JobTable() {
    }

    static JobRecord read(NamedRow row) throws SQLException {
        JobKey key = new JobKey(row.getString("cluster"), row.getLong("id_job"), Instant.ofEpochSecond(row.getLong("time_submit")));
        long arrayJobId = row.getLong("id_array_job");
        String pendingTasks = row.getString("array_task_str");
        Optional<ArrayIds> array = arrayJobId == 0 ? Optional.empty()
                : Optional.of(new ArrayIds(arrayJobId, row.optionalLong("id_array_task"), pendingTasks == null ? "" : pendingTasks));
        JobResources resources = new JobResources(row.getString("tres_req"), row.getString("tres_alloc"),
                row.optionalLong("mem_req_mb"), row.getBoolean("mem_req_per_cpu"), row.getString("nodelist"),
                row.getInt("nodes_alloc"), row.getInt("cpus_req"), row.getInt("cpus_alloc"));
        OptionalLong limit = row.optionalLong("timelimit_min");
        JobTimes times = new JobTimes(row.seconds("time_eligible"), row.seconds("time_start"), row.seconds("time_end"),
                Duration.ofSeconds(row.getLong("time_suspended")),
                limit.isPresent() ? Optional.of(Duration.ofMinutes(limit.getAsLong())) : Optional.empty());
        return new JobRecord(key, array, row.getString("job_name"),
                new Owner(row.getString("user_name"), row.getLong("id_user"), row.getString("group_name"), row.getLong("id_group")),
                row.getString("account"), row.getString("partition_name"), row.getString("qos"),
                JobState.valueOf(row.getString("state")), row.optionalLong("kill_requid"), row.getString("state_reason"),
                new ExitCode(row.getInt("exit_code"), row.getInt("exit_signal")),
                new ExitCode(row.getInt("derived_exit_code"), row.getInt("derived_exit_signal")),
                row.getLong("priority"), resources, times,
                new JobIo(row.getString("work_dir"), row.getString("std_in"), row.getString("std_out"), row.getString("std_err")),
                row.getString("job_comment"), row.getString("submit_line"), row.getInt("restart_cnt"),
                Instant.ofEpochMilli(row.getLong("rec_time_ms")));
    }
}
