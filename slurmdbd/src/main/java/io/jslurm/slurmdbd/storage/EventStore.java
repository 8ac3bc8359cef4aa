package io.jslurm.slurmdbd.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Node state changes (DOWN, DRAIN...). An event is keyed by cluster, node and start time, so storing
 * it again changes nothing; a new event for a node ends the one still open before it, and a node back in
 * service ends its open event without starting one.
 */
public final class EventStore {

    /**
     * One change of a node's state; {@code node} empty for the cluster itself. With {@code backInService} the node's
     * open event ends at {@code start} and nothing else is stored.
     */
    public record NodeEvent(String cluster, String node, Instant start, String state, String reason, long reasonUid,
                            String tres, boolean backInService) {

        public NodeEvent(String cluster, String node, Instant start, String state, String reason, long reasonUid,
                         String tres) {
            this(cluster, node, start, state, reason, reasonUid, tres, false);
        }

        public NodeEvent {
            Objects.requireNonNull(cluster, "cluster");
            Objects.requireNonNull(node, "node");
            start = Instant.ofEpochSecond(Objects.requireNonNull(start, "start").getEpochSecond());
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(tres, "tres");
        }
    }

    private final DataSource dataSource;

    public EventStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public void record(Collection<NodeEvent> events) throws SQLException {
        if (events.isEmpty()) {
            return;
        }
        List<NodeEvent> ordered = events.stream().sorted(Comparator.comparing(NodeEvent::start)).toList();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement close = c.prepareStatement("UPDATE event_table SET time_end = ? WHERE cluster = ?"
                    + " AND node_name = ? AND time_end IS NULL AND time_start < ?");
                 PreparedStatement open = c.prepareStatement("SELECT time_start, state, reason, tres FROM event_table"
                         + " WHERE cluster = ? AND node_name = ? AND time_end IS NULL ORDER BY time_start DESC LIMIT 1");
                 // A node may be drained and resumed within one second: that event ends when it began.
                 PreparedStatement end = c.prepareStatement("UPDATE event_table SET time_end = ? WHERE cluster = ?"
                         + " AND node_name = ? AND time_end IS NULL AND time_start <= ?");
                 PreparedStatement insert = c.prepareStatement("INSERT INTO event_table (cluster, node_name, time_start,"
                         + " state, reason, reason_uid, tres) VALUES (?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE"
                         + " state = VALUES(state), reason = VALUES(reason), reason_uid = VALUES(reason_uid),"
                         + " tres = VALUES(tres)")) {
                for (NodeEvent e : ordered) {
                    long start = e.start().getEpochSecond();
                    if (e.backInService()) {
                        end.setLong(1, start);
                        end.setString(2, e.cluster());
                        end.setString(3, e.node());
                        end.setLong(4, start);
                        end.executeUpdate();
                        continue;
                    }
                    if (alreadyOpen(open, e)) {
                        continue;
                    }
                    close.setLong(1, start);
                    close.setString(2, e.cluster());
                    close.setString(3, e.node());
                    close.setLong(4, start);
                    close.executeUpdate();
                    insert.setString(1, e.cluster());
                    insert.setString(2, e.node());
                    insert.setLong(3, start);
                    insert.setString(4, e.state());
                    insert.setString(5, e.reason());
                    insert.setLong(6, e.reasonUid());
                    insert.setString(7, e.tres());
                    insert.executeUpdate();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    /**
     * Whether the node's open event, begun no later than {@code e}, already says what {@code e} says: the controller
     * tells its nodes' states again at each start, which is no new event.
     */
    private static boolean alreadyOpen(PreparedStatement open, NodeEvent e) throws SQLException {
        open.setString(1, e.cluster());
        open.setString(2, e.node());
        try (var rs = open.executeQuery()) {
            return rs.next() && rs.getLong(1) <= e.start().getEpochSecond() && rs.getString(2).equals(e.state())
                    && rs.getString(3).equals(e.reason()) && rs.getString(4).equals(e.tres());
        }
    }

    /** Events of one node, oldest first (for tests and sacctmgr show event). */
    public List<NodeEvent> forNode(String cluster, String node) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT * FROM event_table WHERE cluster = ? AND node_name = ?"
                     + " ORDER BY time_start")) {
            s.setString(1, cluster);
            s.setString(2, node);
            try (var rs = s.executeQuery()) {
                List<NodeEvent> events = new ArrayList<>();
                while (rs.next()) {
                    events.add(new NodeEvent(cluster, node, Instant.ofEpochSecond(rs.getLong("time_start")),
                            rs.getString("state"), rs.getString("reason"), rs.getLong("reason_uid"), rs.getString("tres")));
                }
                return events;
            }
        }
    }

    /** The events a window selects, oldest first (the cluster's own before its nodes' at the same second). */
    public List<StoredEvent> find(EventWindow window) throws SQLException {
        if (!window.nodeEvents() && !window.clusterEvents()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("SELECT cluster, node_name, time_start, time_end, state, reason,"
                + " reason_uid, tres FROM event_table WHERE TRUE");
        List<Object> args = new ArrayList<>();
        if (!window.cluster().isEmpty()) {
            sql.append(" AND cluster = ?");
            args.add(window.cluster());
        }
        if (window.from() > 0) {
            sql.append(" AND (time_end IS NULL OR time_end >= ?)");
            args.add(window.from());
        }
        if (window.to() > 0) {
            sql.append(" AND time_start < ?");
            args.add(window.to());
        }
        if (window.openOnly()) {
            sql.append(" AND time_end IS NULL");
        }
        if (!window.nodeEvents()) {
            sql.append(" AND node_name = ''");
        } else if (!window.clusterEvents() || !window.nodes().isEmpty()) {
            sql.append(" AND node_name <> ''");
        }
        if (!window.nodes().isEmpty()) {
            sql.append(" AND node_name IN (").append(String.join(",", Collections.nCopies(
                    window.nodes().size(), "?"))).append(')');
            args.addAll(window.nodes());
        }
        sql.append(" ORDER BY cluster, time_start, node_name");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                s.setObject(i + 1, args.get(i));
            }
            try (var rs = s.executeQuery()) {
                List<StoredEvent> events = new ArrayList<>();
                while (rs.next()) {
                    long uid = rs.getLong("reason_uid");
                    OptionalLong reasonUid = rs.wasNull() ? OptionalLong.empty()
                            : OptionalLong.of(uid);
                    events.add(new StoredEvent(rs.getString("cluster"), rs.getString("node_name"), rs.getLong("time_start"),
                            rs.getLong("time_end"), rs.getString("state"), rs.getString("reason"), reasonUid,
                            rs.getString("tres")));
                }
                return events;
            }
        }
    }
}
