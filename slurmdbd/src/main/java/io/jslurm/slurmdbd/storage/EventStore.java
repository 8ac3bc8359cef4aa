package io.jslurm.slurmdbd.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Node state changes (DOWN, DRAIN...). An event is keyed by cluster, node and start time, so storing
 * it again changes nothing; a new event for a node ends the one still open before it.
 */
public final class EventStore {

    /** One change of a node's state; {@code node} empty for the cluster itself. */
    public record NodeEvent(String cluster, String node, Instant start, String state, String reason, long reasonUid,
                            String tres) {
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
                 PreparedStatement insert = c.prepareStatement("INSERT INTO event_table (cluster, node_name, time_start,"
                         + " state, reason, reason_uid, tres) VALUES (?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE"
                         + " state = VALUES(state), reason = VALUES(reason), reason_uid = VALUES(reason_uid),"
                         + " tres = VALUES(tres)")) {
                for (NodeEvent e : ordered) {
                    long start = e.start().getEpochSecond();
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

    /** Events of one node, oldest first (for tests and sacctmgr show event). */
    public List<NodeEvent> forNode(String cluster, String node) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT * FROM event_table WHERE cluster = ? AND node_name = ?"
                     + " ORDER BY time_start")) {
            s.setString(1, cluster);
            s.setString(2, node);
            try (var rs = s.executeQuery()) {
                List<NodeEvent> events = new java.util.ArrayList<>();
                while (rs.next()) {
                    events.add(new NodeEvent(cluster, node, Instant.ofEpochSecond(rs.getLong("time_start")),
                            rs.getString("state"), rs.getString("reason"), rs.getLong("reason_uid"), rs.getString("tres")));
                }
                return events;
            }
        }
    }
}
