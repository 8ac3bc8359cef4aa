package io.jslurm.slurmdbd.usage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What usage is computed from, read for one cluster and period: the jobs that held CPUs (by association),
 * the cluster's capacity (events with an empty node name, TRES {@code 1=CPUS}) and nodes that were down.
 *
 * @param jobs allocations by association id; jobs under no association (id 0) count for the cluster only, as in
 *             Slurm
 * @param owners each association's user and account
 */
record UsageSources(Map<Long, List<Span>> jobs, Map<Long, UserAccount> owners, List<Span> capacity,
                    List<Span> downNodes) {

    static final long NO_ASSOCIATION = 0;

    /** Node states whose CPUs count as down. */
    private static final String DOWN_STATES = "(state LIKE 'DOWN%' OR state LIKE 'DRAIN%' OR state LIKE 'FAIL%')";

    static UsageSources read(Connection c, String cluster, long from, long to) throws SQLException {
        Associations associations = Associations.read(c, cluster);
        Map<Long, List<Span>> jobs = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT user_name, account, cpus_alloc, time_start, time_end"
                + " FROM job_table WHERE cluster = ? AND time_start > 0 AND time_start < ?"
                + " AND (time_end IS NULL OR time_end = 0 OR time_end > ?) AND cpus_alloc > 0")) {
            s.setString(1, cluster);
            s.setLong(2, to);
            s.setLong(3, from);
            s.setFetchSize(10_000);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Long assoc = associations.of(rs.getString(1), rs.getString(2));
                    jobs.computeIfAbsent(assoc == null ? NO_ASSOCIATION : assoc, a -> new ArrayList<>())
                            .add(new Span(rs.getLong(4), rs.getLong(5), rs.getLong(3)));
                }
            }
        }
        List<Span> capacity = events(c, cluster, from, to, "node_name = ''");
        List<Span> down = events(c, cluster, from, to, "node_name <> '' AND " + DOWN_STATES);
        return new UsageSources(jobs, associations.owners(), capacity, down);
    }

    /** The usage in [from, to), by user and account. */
    Usage usage(long from, long to) {
        Map<UserAccount, List<Span>> byOwner = new HashMap<>();
        jobs.forEach((assoc, spans) -> byOwner.computeIfAbsent(owners.getOrDefault(assoc, UserAccount.NONE),
                o -> new ArrayList<>()).addAll(spans));
        return UsageCalculator.usage(byOwner, capacity, downNodes, from, to);
    }

    /** Allocated CPU-seconds in [from, to) per association id. */
    Map<Long, Long> byAssociation(long from, long to) {
        Map<Long, Long> secs = new HashMap<>();
        jobs.forEach((assoc, spans) -> {
            if (assoc == NO_ASSOCIATION) {
                return;
            }
            long sum = spans.stream().mapToLong(span -> span.cpuSecondsIn(from, to)).sum();
            if (sum > 0) {
                secs.put(assoc, sum);
            }
        });
        return secs;
    }

    /** The cluster's CPU count at {@code time}: that of the newest capacity event that began before it. */
    long cpusAt(long time) {
        return capacity.stream().filter(span -> span.start() < time).reduce((a, b) -> a.start() >= b.start() ? a : b)
                .map(Span::cpus).orElse(0L);
    }

    private static List<Span> events(Connection c, String cluster, long from, long to, String which)
            throws SQLException {
        List<Span> spans = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT time_start, time_end, tres FROM event_table"
                + " WHERE cluster = ? AND " + which + " AND time_start < ? AND (time_end IS NULL OR time_end > ?)"
                + " ORDER BY time_start")) {
            s.setString(1, cluster);
            s.setLong(2, to);
            s.setLong(3, from);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    long cpus = cpus(rs.getString(3));
                    if (cpus > 0) {
                        spans.add(new Span(rs.getLong(1), rs.getLong(2), cpus));
                    }
                }
            }
        }
        return spans;
    }

    /** The CPU count (TRES id 1) of a TRES string such as {@code 1=64,2=256000,4=2}. */
    static long cpus(String tres) {
        for (String item : tres.split(",")) {
            int eq = item.indexOf('=');
            if (eq > 0 && item.substring(0, eq).strip().equals("1")) {
                try {
                    return Long.parseLong(item.substring(eq + 1).strip());
                } catch (NumberFormatException notACount) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /** User associations of a cluster: by user and account, and each user's default account. */
    record Associations(Map<UserAccount, Long> ids, Map<String, Long> defaults, Map<Long, UserAccount> owners) {

        static Associations read(Connection c, String cluster) throws SQLException {
            Map<UserAccount, Long> ids = new HashMap<>();
            Map<String, Long> defaults = new HashMap<>();
            Map<Long, UserAccount> owners = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id_assoc, user, acct, is_def FROM assoc_table"
                    + " WHERE cluster = ? AND user <> '' AND partition_name = '' AND deleted = 0")) {
                s.setString(1, cluster);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong(1);
                        UserAccount owner = new UserAccount(rs.getString(2), rs.getString(3));
                        ids.put(owner, id);
                        owners.put(id, owner);
                        if (rs.getBoolean(4)) {
                            defaults.put(owner.user(), id);
                        }
                    }
                }
            }
            return new Associations(ids, defaults, owners);
        }

        /** The association a job ran under: its user and account, or the user's default when it named none. */
        Long of(String user, String account) {
            return account.isEmpty() ? defaults.get(user) : ids.get(new UserAccount(user, account));
        }
    }
}
