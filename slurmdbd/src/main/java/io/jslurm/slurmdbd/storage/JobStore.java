package io.jslurm.slurmdbd.storage;

import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.StepRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job and step records: idempotent writes and the queries sacct needs.
 *
 * <p>Writes are upserts keyed by cluster, job id and submit time (plus step id for steps). A record
 * replaces the stored one only when it is newer by {@link io.jslurm.slurmdbd.records.RecordOrder};
 * storing the same record again, or an older one, leaves the row untouched. So the controller can
 * resend whatever it is unsure was stored, in any order, and the database converges to the newest
 * state of every job.
 */
public final class JobStore {

    /** Rows per batch sent to the server; each batch is one transaction. */
    static final int BATCH_SIZE = 1_000;

    /** Rows per INSERT statement; well under the protocol's 65,535 parameters per statement. */
    static final int ROWS_PER_STATEMENT = 250;

    private static final int MAX_ATTEMPTS = 5;
    private static final Logger log = LoggerFactory.getLogger(JobStore.class);

    private static final Comparator<JobKey> KEY_ORDER = Comparator.comparing(JobKey::cluster)
            .thenComparingLong(JobKey::jobId).thenComparing(JobKey::submitTime);

    private final DataSource dataSource;

    public JobStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public void upsertJob(JobRecord job) throws SQLException {
        upsertJobs(List.of(job));
    }

    /**
     * Stores many job records in batches of {@value #BATCH_SIZE}, each batch a transaction; sorted
     * by key first so that concurrent writers lock rows in the same order and cannot deadlock.
     */
    public void upsertJobs(Collection<JobRecord> jobs) throws SQLException {
        List<JobRecord> sorted = jobs.stream().sorted(Comparator.comparing(JobRecord::key, KEY_ORDER)).toList();
        write(JobTable.UPSERT, sorted);
    }

    public void upsertSteps(Collection<StepRecord> steps) throws SQLException {
        List<StepRecord> sorted = steps.stream()
                .sorted(Comparator.comparing(StepRecord::job, KEY_ORDER).thenComparingInt(step -> step.stepId().value()))
                .toList();
        write(StepTable.UPSERT, sorted);
    }

    /** Jobs matching the query, in submit order (then job id). */
    public List<JobRecord> findJobs(JobQuery query) throws SQLException {
        return findJobs(query, Set.of());
    }

    /** As {@link #findJobs(JobQuery)}, with the long columns in {@code unneeded} ({@link JobColumns}) left empty. */
    public List<JobRecord> findJobs(JobQuery query, Set<String> unneeded) throws SQLException {
        List<Object> params = new ArrayList<>();
        String sql = "SELECT " + JobColumns.selectList("j", unneeded) + " FROM job_table j" + where(query, params)
                + " ORDER BY j.time_submit, j.id_job";
        return select(sql, params, JobTable::read);
    }

    /**
     * The steps of the jobs matching the query, in one statement rather than by job keys: ordered by
     * job as {@link #findJobs} orders them, then batch, extern, 0, 1...
     */
    public List<StepRecord> findStepsOf(JobQuery query) throws SQLException {
        List<Object> params = new ArrayList<>();
        String sql = "SELECT s.* FROM job_table j JOIN step_table s ON s.cluster = j.cluster AND s.id_job = j.id_job"
                + " AND s.job_time_submit = j.time_submit" + where(query, params)
                + " ORDER BY j.time_submit, j.id_job, s.id_step";
        return select(sql, params, StepTable::read);
    }

    /** Reads one row. */
    @FunctionalInterface
    private interface RowReader<T> {
        T read(NamedRow row) throws SQLException;
    }

    private <T> List<T> select(String sql, List<Object> params, RowReader<T> reader) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.size(); i++) {
                s.setObject(i + 1, params.get(i));
            }
            s.setFetchSize(10_000);
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                NamedRow row = NamedRow.of(rs);
                while (rs.next()) {
                    rows.add(reader.read(row));
                }
            }
            return rows;
        }
    }

    private static String where(JobQuery query, List<Object> params) {
        StringBuilder sql = new StringBuilder(" WHERE j.cluster = ?");
        params.add(query.cluster());
        query.windowEnd().ifPresent(end -> {
            sql.append(" AND j.time_submit < ?");
            params.add(end.getEpochSecond());
        });
        query.windowStart().ifPresent(start -> {
            sql.append(" AND (j.time_end IS NULL OR j.time_end >= ?)");
            params.add(start.getEpochSecond());
        });
        in(sql, params, "j.user_name", query.users());
        in(sql, params, "j.account", query.accounts());
        in(sql, params, "j.state", query.states().stream().map(JobState::name).collect(Collectors.toSet()));
        if (!query.jobIds().isEmpty()) {
            String marks = query.jobIds().stream().map(id -> "?").collect(Collectors.joining(", "));
            sql.append(" AND (j.id_job IN (").append(marks).append(") OR j.id_array_job IN (").append(marks).append("))");
            params.addAll(query.jobIds());
            params.addAll(query.jobIds());
        }
        if (!query.duplicates()) {
            sql.append(" AND NOT EXISTS (SELECT 1 FROM job_table n WHERE n.cluster = j.cluster AND n.id_job = j.id_job"
                    + " AND n.time_submit > j.time_submit)");
        }
        return sql.toString();
    }

    /** Steps of the given jobs, ordered by job and then step as sacct lists them. */
    public List<StepRecord> findSteps(Collection<JobKey> jobs) throws SQLException {
        Set<JobKey> wanted = new HashSet<>(jobs);
        List<StepRecord> steps = new ArrayList<>();
        List<List<JobKey>> byCluster = new ArrayList<>(jobs.stream().collect(Collectors.groupingBy(JobKey::cluster)).values());
        try (Connection c = dataSource.getConnection()) {
            for (List<JobKey> clusterJobs : byCluster) {
                for (int from = 0; from < clusterJobs.size(); from += BATCH_SIZE) {
                    List<JobKey> chunk = clusterJobs.subList(from, Math.min(from + BATCH_SIZE, clusterJobs.size()));
                    String marks = chunk.stream().map(k -> "?").collect(Collectors.joining(", "));
                    try (PreparedStatement s = c.prepareStatement(
                            "SELECT * FROM step_table WHERE cluster = ? AND id_job IN (" + marks + ")")) {
                        s.setString(1, chunk.get(0).cluster());
                        for (int i = 0; i < chunk.size(); i++) {
                            s.setLong(i + 2, chunk.get(i).jobId());
                        }
                        try (ResultSet rs = s.executeQuery()) {
                            NamedRow row = NamedRow.of(rs);
                            while (rs.next()) {
                                StepRecord step = StepTable.read(row);
                                // The id alone may also match another incarnation of the job.
                                if (wanted.contains(step.job())) {
                                    steps.add(step);
                                }
                            }
                        }
                    }
                }
            }
        }
        // Special steps are negative as stored, so they sort first: batch, then extern, then 0, 1, ...
        steps.sort(Comparator.comparing(StepRecord::job, KEY_ORDER).thenComparingInt(step -> step.stepId().value()));
        return steps;
    }

    private <T> void write(Upsert<T> upsert, List<T> records) throws SQLException {
        if (records.isEmpty()) {
            return;
        }
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                for (int from = 0; from < records.size(); from += BATCH_SIZE) {
                    writeBatch(c, upsert, records.subList(from, Math.min(from + BATCH_SIZE, records.size())));
                }
            } finally {
                c.setAutoCommit(autoCommit);
            }
        }
    }

    /**
     * One transaction. Upserts are idempotent, so a batch that InnoDB chose as a deadlock victim
     * (or that timed out on a lock) is simply sent again.
     */
    private static <T> void writeBatch(Connection c, Upsert<T> upsert, List<T> batch) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                for (int row = 0; row < batch.size(); row += ROWS_PER_STATEMENT) {
                    List<T> rows = batch.subList(row, Math.min(row + ROWS_PER_STATEMENT, batch.size()));
                    try (PreparedStatement s = c.prepareStatement(upsert.sql(rows.size()))) {
                        upsert.bind(s, rows);
                        s.executeUpdate();
                    }
                }
                c.commit();
                return;
            } catch (SQLException e) {
                c.rollback();
                if (attempt >= MAX_ATTEMPTS || !retryable(e)) {
                    throw e;
                }
                log.info("retrying a batch of {} records after: {}", batch.size(), e.getMessage());
            } catch (RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static boolean retryable(SQLException e) {
        // 1213 deadlock, 1205 lock wait timeout.
        return "40001".equals(e.getSQLState()) || e.getErrorCode() == 1213 || e.getErrorCode() == 1205;
    }

    private static void in(StringBuilder sql, List<Object> params, String column, Set<String> values) {
        if (values.isEmpty()) {
            return;
        }
        sql.append(" AND ").append(column).append(" IN (")
                .append(values.stream().map(v -> "?").collect(Collectors.joining(", "))).append(")");
        params.addAll(values);
    }
}
