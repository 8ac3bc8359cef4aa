package io.jslurm.slurmdbd.push;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controllers that registered, one per cluster as in Slurm (the latest registration wins). Held in memory for
 * the pushes, and written to the cluster's row (control_host, control_port, rpc_version) so that {@code sacctmgr
 * show cluster} shows them and a restarted slurmdbd still knows where to push before the controller's next poll.
 * A controller that did not take a push is left out of the next ones until it registers again: a dead controller
 * costs one timeout, not one per sacctmgr change.
 */
public final class ControllerRegistry {

    private static final Logger log = LoggerFactory.getLogger(ControllerRegistry.class);
    /** What Slurm 22.05's sacctmgr shows as a registered cluster's RPC version (SLURM_22_05_PROTOCOL_VERSION). */
    static final int RPC_VERSION = 9728;

    private record Entry(ControllerAddress address, boolean reachable) {
    }

    private final DataSource dataSource;
    private final Map<String, Entry> byCluster = new ConcurrentHashMap<>();

    public ControllerRegistry(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Takes in the registrations the database kept from before a restart. */
    public void loadSaved() {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT name, control_host, control_port FROM cluster_table WHERE deleted = 0 AND control_port > 0")) {
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String host = rs.getString("control_host");
                    if (host != null && !host.isEmpty()) {
                        ControllerAddress address = new ControllerAddress(rs.getString("name"), host,
                                rs.getInt("control_port"));
                        byCluster.putIfAbsent(address.cluster(), new Entry(address, true));
                    }
                }
            }
        } catch (SQLException | IllegalArgumentException e) {
            log.warn("Cannot read the controllers registered before: {}", e.getMessage());
        }
    }

    /** A controller's registration (each of its polls is one); also clears an earlier failed push. */
    public void register(ControllerAddress address) {
        Entry before = byCluster.put(address.cluster(), new Entry(address, true));
        if (before == null || !before.address().equals(address)) {
            log.info("Controller of cluster {} registered", address);
        } else if (!before.reachable()) {
            log.info("Controller of cluster {} registered again", address);
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE cluster_table SET control_host = ?, control_port = ?, rpc_version = ?"
                        + " WHERE name = ? AND deleted = 0"
                        + " AND (control_host <> ? OR control_port <> ? OR rpc_version <> ?)")) {
            s.setString(1, address.host());
            s.setInt(2, address.port());
            s.setInt(3, RPC_VERSION);
            s.setString(4, address.cluster());
            s.setString(5, address.host());
            s.setInt(6, address.port());
            s.setInt(7, RPC_VERSION);
            s.executeUpdate();
        } catch (SQLException e) {
            // The push works from memory; only sacctmgr show cluster misses it until the next poll.
            log.warn("Cannot record the controller of {} in the cluster table: {}", address, e.getMessage());
        }
    }

    /** Controllers that took their last push (or registered since they did not). */
    public List<ControllerAddress> reachable() {
        return byCluster.values().stream().filter(Entry::reachable).map(Entry::address).toList();
    }

    /** The push to {@code address} failed to arrive: skip it until it registers again. */
    public void unreachable(ControllerAddress address) {
        byCluster.computeIfPresent(address.cluster(),
                (cluster, entry) -> entry.address().equals(address) ? new Entry(address, false) : entry);
    }

    public Optional<ControllerAddress> of(String cluster) {
        return Optional.ofNullable(byCluster.get(cluster)).map(Entry::address);
    }
}
