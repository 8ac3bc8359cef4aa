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
import java.sql.ResultSet;
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

    static JobRecord read(ResultSet rs) throws SQLException {
        JobKey key = new JobKey(rs.getString("cluster"), rs.getLong("id_job"), Instant.ofEpochSecond(rs.getLong("time_submit")));
        long arrayJobId = rs.getLong("id_array_job");
        String pendingTasks = rs.getString("array_task_str");
        Optional<ArrayIds> array = arrayJobId == 0 ? Optional.empty()
                : Optional.of(new ArrayIds(arrayJobId, Sql.optionalLong(rs, "id_array_task"), pendingTasks == null ? "" : pendingTasks));
        JobResources resources = new JobResources(rs.getString("tres_req"), rs.getString("tres_alloc"),
                Sql.optionalLong(rs, "mem_req_mb"), rs.getBoolean("mem_req_per_cpu"), rs.getString("nodelist"),
                rs.getInt("nodes_alloc"), rs.getInt("cpus_req"), rs.getInt("cpus_alloc"));
        OptionalLong limit = Sql.optionalLong(rs, "timelimit_min");
        JobTimes times = new JobTimes(Sql.seconds(rs, "time_eligible"), Sql.seconds(rs, "time_start"), Sql.seconds(rs, "time_end"),
                Duration.ofSeconds(rs.getLong("time_suspended")),
                limit.isPresent() ? Optional.of(Duration.ofMinutes(limit.getAsLong())) : Optional.empty());
        return new JobRecord(key, array, rs.getString("job_name"),
                new Owner(rs.getString("user_name"), rs.getLong("id_user"), rs.getString("group_name"), rs.getLong("id_group")),
                rs.getString("account"), rs.getString("partition_name"), rs.getString("qos"),
                JobState.valueOf(rs.getString("state")), Sql.optionalLong(rs, "kill_requid"), rs.getString("state_reason"),
                new ExitCode(rs.getInt("exit_code"), rs.getInt("exit_signal")),
                new ExitCode(rs.getInt("derived_exit_code"), rs.getInt("derived_exit_signal")),
                rs.getLong("priority"), resources, times,
                new JobIo(rs.getString("work_dir"), rs.getString("std_in"), rs.getString("std_out"), rs.getString("std_err")),
                rs.getString("job_comment"), rs.getString("submit_line"), rs.getInt("restart_cnt"),
                Instant.ofEpochMilli(rs.getLong("rec_time_ms")));
    }
}
