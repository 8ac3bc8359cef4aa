package io.jslurm.slurmdbd.usage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The hourly and daily rollups and the answers sreport gets from them.
 *
 * <p>Complete hours are rolled up into {@code cluster_usage_hour_table} (CPU, TRES id 1) and
 * {@code assoc_usage_hour_table}, complete days into the day tables; {@code last_ran_table} says how far.
 * A job record that reaches slurmdbd late (the controller queued it while slurmdbd was away) moves that mark
 * back to the hour the job started, so those hours are rolled up again. A query rolls up what is due first,
 * reads whole days and hours from the tables and computes the rest of its window (the hour still running,
 * uneven edges) from the job records directly.
 */
public final class UsageStore {

    static final long HOUR = 3_600;
    static final long DAY = 86_400;
    /** CPU: the TRES sreport reports by default. */
    private static final int CPU_TRES = 1;

    private final DataSource dataSource;
    private final InstantSource clock;

    public UsageStore(DataSource dataSource, InstantSource clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** Answer: the usage in the window and the cluster's CPU count at its end. */
    public record Report(Usage usage, long cpuCount) {
    }

    public synchronized Report report(String cluster, long from, long requestedTo) throws SQLException {
        long rolled = rollup(cluster);
        // Time not yet passed was neither used nor idle.
        long to = Math.max(from, Math.min(requestedTo, clock.instant().getEpochSecond()));
        try (Connection c = dataSource.getConnection()) {
            long a = ceil(from, HOUR);
            long b = Math.min(floor(to, HOUR), rolled);
            Usage usage;
            if (a < b) {
                UsageSources edges = UsageSources.read(c, cluster, Math.min(from, a), to);
                usage = fromTables(c, cluster, a, b).plus(edges.usage(from, a)).plus(edges.usage(b, to));
                return new Report(usage, edges.cpusAt(to));
            }
            UsageSources sources = UsageSources.read(c, cluster, from, to);
            return new Report(sources.usage(from, to), sources.cpusAt(to));
        }
    }

    /**
     * Job records with these start times arrived: hours (and days) from the earliest on are rolled up again.
     */
    public void invalidate(String cluster, long earliestStart) throws SQLException {
        if (earliestStart <= 0) {
            return;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("UPDATE last_ran_table SET hourly_rollup = LEAST(hourly_rollup, ?),"
                     + " daily_rollup = LEAST(daily_rollup, ?) WHERE cluster = ?")) {
            s.setLong(1, floor(earliestStart, HOUR));
            s.setLong(2, floor(earliestStart, DAY));
            s.setString(3, cluster);
            s.executeUpdate();
        }
    }

    /** Rolls up every complete hour and day not rolled up yet; returns where the hourly rollup now ends. */
    public synchronized long rollup(String cluster) throws SQLException {
        long target = floor(clock.instant().getEpochSecond(), HOUR);
        try (Connection c = dataSource.getConnection()) {
            long[] marks = marks(c, cluster);
            long hourFrom = marks[0] > 0 ? marks[0] : firstHour(c, cluster, target);
            if (hourFrom < target) {
                rollHours(c, cluster, hourFrom, target);
            }
            long dayFrom = marks[1] > 0 ? marks[1] : floor(hourFrom, DAY);
            long dayTarget = floor(target, DAY);
            if (dayFrom < dayTarget) {
                rollDays(c, cluster, dayFrom, dayTarget);
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE last_ran_table SET hourly_rollup = ?,"
                    + " daily_rollup = ? WHERE cluster = ?")) {
                s.setLong(1, target);
                s.setLong(2, Math.max(dayFrom, dayTarget));
                s.setString(3, cluster);
                s.executeUpdate();
            }
        }
        return target;
    }

    private void rollHours(Connection c, String cluster, long from, long to) throws SQLException {
        UsageSources sources = UsageSources.read(c, cluster, from, to);
        long now = clock.instant().getEpochSecond();
        inTransaction(c, () -> {
            delete(c, "cluster_usage_hour_table", cluster, from, to);
            delete(c, "assoc_usage_hour_table", cluster, from, to);
            try (PreparedStatement clusterRow = c.prepareStatement("INSERT INTO cluster_usage_hour_table (cluster,"
                    + " time_start, id_tres, count, alloc_secs, down_secs, pdown_secs, idle_secs, plan_secs, over_secs,"
                    + " time_modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement assocRow = c.prepareStatement("INSERT INTO assoc_usage_hour_table (cluster,"
                         + " time_start, id_assoc, id_tres, alloc_secs, time_modified) VALUES (?, ?, ?, ?, ?, ?)")) {
                for (long hour = from; hour < to; hour += HOUR) {
                    Usage u = sources.usage(hour, hour + HOUR);
                    if (u.reported() > 0 || u.overCommitted() > 0) {
                        int i = 1;
                        clusterRow.setString(i++, cluster);
                        clusterRow.setLong(i++, hour);
                        clusterRow.setInt(i++, CPU_TRES);
                        clusterRow.setLong(i++, sources.cpusAt(hour + HOUR));
                        clusterRow.setLong(i++, u.allocated());
                        clusterRow.setLong(i++, u.down());
                        clusterRow.setLong(i++, u.plannedDown());
                        clusterRow.setLong(i++, u.idle());
                        clusterRow.setLong(i++, u.planned());
                        clusterRow.setLong(i++, u.overCommitted());
                        clusterRow.setLong(i, now);
                        clusterRow.addBatch();
                    }
                    for (Map.Entry<Long, Long> e : sources.byAssociation(hour, hour + HOUR).entrySet()) {
                        assocRow.setString(1, cluster);
                        assocRow.setLong(2, hour);
                        assocRow.setLong(3, e.getKey());
                        assocRow.setInt(4, CPU_TRES);
                        assocRow.setLong(5, e.getValue());
                        assocRow.setLong(6, now);
                        assocRow.addBatch();
                    }
                }
                clusterRow.executeBatch();
                assocRow.executeBatch();
            }
        });
    }

    private static void rollDays(Connection c, String cluster, long from, long to) throws SQLException {
        inTransaction(c, () -> {
            delete(c, "cluster_usage_day_table", cluster, from, to);
            delete(c, "assoc_usage_day_table", cluster, from, to);
            String day = "time_start - MOD(time_start, " + DAY + ")";
            try (PreparedStatement s = c.prepareStatement("INSERT INTO cluster_usage_day_table (cluster, time_start,"
                    + " id_tres, count, alloc_secs, down_secs, pdown_secs, idle_secs, plan_secs, over_secs,"
                    + " time_modified) SELECT cluster, " + day + ", id_tres, MAX(count), SUM(alloc_secs),"
                    + " SUM(down_secs), SUM(pdown_secs), SUM(idle_secs), SUM(plan_secs), SUM(over_secs),"
                    + " MAX(time_modified) FROM cluster_usage_hour_table WHERE cluster = ? AND time_start >= ?"
                    + " AND time_start < ? GROUP BY cluster, " + day + ", id_tres")) {
                bindWindow(s, cluster, from, to);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO assoc_usage_day_table (cluster, time_start,"
                    + " id_assoc, id_tres, alloc_secs, time_modified) SELECT cluster, " + day + ", id_assoc, id_tres,"
                    + " SUM(alloc_secs), MAX(time_modified) FROM assoc_usage_hour_table WHERE cluster = ?"
                    + " AND time_start >= ? AND time_start < ? GROUP BY cluster, " + day + ", id_assoc, id_tres")) {
                bindWindow(s, cluster, from, to);
                s.executeUpdate();
            }
        });
    }

    /** Statements that replace a period's rows: all of them or none. */
    @FunctionalInterface
    private interface SqlWork {
        void run() throws SQLException;
    }

    private static void inTransaction(Connection c, SqlWork work) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            work.run();
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /** Rolled-up usage of whole hours [from, to): whole days from the day tables, the rest from the hours. */
    private static Usage fromTables(Connection c, String cluster, long from, long to) throws SQLException {
        long dayFrom = ceil(from, DAY);
        long dayTo = floor(to, DAY);
        if (dayFrom >= dayTo) {
            return read(c, "hour", cluster, from, to);
        }
        return read(c, "day", cluster, dayFrom, dayTo).plus(read(c, "hour", cluster, from, dayFrom))
                .plus(read(c, "hour", cluster, dayTo, to));
    }

    private static Usage read(Connection c, String period, String cluster, long from, long to) throws SQLException {
        if (from >= to) {
            return Usage.NONE;
        }
        long[] sums = new long[6];
        try (PreparedStatement s = c.prepareStatement("SELECT COALESCE(SUM(alloc_secs), 0), COALESCE(SUM(down_secs), 0),"
                + " COALESCE(SUM(pdown_secs), 0), COALESCE(SUM(idle_secs), 0), COALESCE(SUM(plan_secs), 0),"
                + " COALESCE(SUM(over_secs), 0) FROM cluster_usage_" + period + "_table WHERE cluster = ?"
                + " AND time_start >= ? AND time_start < ? AND id_tres = " + CPU_TRES)) {
            bindWindow(s, cluster, from, to);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                for (int i = 0; i < sums.length; i++) {
                    sums[i] = rs.getLong(i + 1);
                }
            }
        }
        Map<UserAccount, Long> users = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT a.user, a.acct, SUM(u.alloc_secs) FROM assoc_usage_"
                + period + "_table u JOIN assoc_table a ON a.id_assoc = u.id_assoc WHERE u.cluster = ?"
                + " AND u.time_start >= ? AND u.time_start < ? AND u.id_tres = " + CPU_TRES
                + " GROUP BY a.user, a.acct")) {
            bindWindow(s, cluster, from, to);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    users.merge(new UserAccount(rs.getString(1), rs.getString(2)), rs.getLong(3), Long::sum);
                }
            }
        }
        long reported = sums[0] + sums[1] + sums[2] + sums[3] + sums[4];
        return new Usage(sums[0], sums[1], sums[2], sums[3], sums[4], sums[5], reported, users);
    }

    /** hourly and daily marks, creating the cluster's row (0, 0) when it has none. */
    private static long[] marks(Connection c, String cluster) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT IGNORE INTO last_ran_table (cluster) VALUES (?)")) {
            s.setString(1, cluster);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("SELECT hourly_rollup, daily_rollup FROM last_ran_table"
                + " WHERE cluster = ?")) {
            s.setString(1, cluster);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    /** Where a first rollup starts: the hour of the first capacity event or job start, else now. */
    private static long firstHour(Connection c, String cluster, long target) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT LEAST(COALESCE((SELECT MIN(time_start) FROM event_table"
                + " WHERE cluster = ?), ?), COALESCE((SELECT MIN(time_start) FROM job_table WHERE cluster = ?"
                + " AND time_start > 0), ?))")) {
            s.setString(1, cluster);
            s.setLong(2, target);
            s.setString(3, cluster);
            s.setLong(4, target);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return floor(rs.getLong(1), HOUR);
            }
        }
    }

    private static void delete(Connection c, String table, String cluster, long from, long to) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE cluster = ? AND time_start >= ?"
                + " AND time_start < ?")) {
            bindWindow(s, cluster, from, to);
            s.executeUpdate();
        }
    }

    private static void bindWindow(PreparedStatement s, String cluster, long from, long to) throws SQLException {
        s.setString(1, cluster);
        s.setLong(2, from);
        s.setLong(3, to);
    }

    static long floor(long time, long unit) {
        return time - Math.floorMod(time, unit);
    }

    static long ceil(long time, long unit) {
        long f = floor(time, unit);
        return f == time ? f : f + unit;
    }
}
