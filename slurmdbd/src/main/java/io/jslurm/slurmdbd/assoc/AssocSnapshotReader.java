package io.jslurm.slurmdbd.assoc;

import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.proto.DbdUserRecord;
import io.jslurm.slurmdbd.admin.QosPreemptList;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Reads what a controller enforces limits with: every live user, QOS and association of one cluster, read in
 * one transaction so the controller never sees an association whose QOS is missing.
 */
public final class AssocSnapshotReader {

    private final DataSource dataSource;
    private final InstantSource clock;

    public AssocSnapshotReader(DataSource dataSource, InstantSource clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    public DbdAssocSnapshot read(String cluster) throws SQLException {
        DbdAssocSnapshot.Builder snapshot = DbdAssocSnapshot.newBuilder().setCluster(cluster)
                .setGeneratedMs(clock.millis());
        try (Connection c = dataSource.getConnection()) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try {
                users(c, cluster, snapshot);
                qos(c, snapshot);
                associations(c, cluster, snapshot);
            } finally {
                c.commit();
            }
        }
        return snapshot.build();
    }

    private static void users(Connection c, String cluster, DbdAssocSnapshot.Builder out) throws SQLException {
        String sql = "SELECT u.name, u.admin_level, (SELECT a.acct FROM assoc_table a WHERE a.user = u.name"
                + " AND a.cluster = ? AND a.is_def = 1 AND a.deleted = 0 LIMIT 1) AS def_acct"
                + " FROM user_table u WHERE u.deleted = 0 ORDER BY u.name";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, cluster);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.addUsers(DbdUserRecord.newBuilder().setName(rs.getString("name"))
                            .setAdminLevel(rs.getString("admin_level"))
                            .setDefaultAccount(text(rs, "def_acct")));
                }
            }
        }
    }

    private static void qos(Connection c, DbdAssocSnapshot.Builder out) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT * FROM qos_table WHERE deleted = 0 ORDER BY id");
             ResultSet rs = s.executeQuery()) {
            List<DbdQosRecord.Builder> all = new ArrayList<>();
            Map<Long, String> namesById = new HashMap<>();
            List<String> preempt = new ArrayList<>();
            while (rs.next()) {
                DbdQosRecord.Builder q = DbdQosRecord.newBuilder().setId(rs.getInt("id"))
                        .setName(rs.getString("name")).setPriority(rs.getInt("priority"))
                        .setFlags(text(rs, "flags")).setGrpTres(text(rs, "grp_tres"))
                        .setMaxTresPerJob(text(rs, "max_tres_pj")).setMaxTresPerUser(text(rs, "max_tres_per_user"))
                        .setUsageFactor(rs.getDouble("usage_factor"));
                count(rs, "grp_jobs", q::setGrpJobs);
                count(rs, "grp_submit_jobs", q::setGrpSubmitJobs);
                count(rs, "max_jobs_per_user", q::setMaxJobsPerUser);
                count(rs, "max_submit_jobs_pu", q::setMaxSubmitJobsPerUser);
                count(rs, "max_wall_duration_per_job", q::setMaxWallMinutes);
                count(rs, "grace_time", q::setGraceTimeSeconds);
                count(rs, "preempt_exempt_time", q::setPreemptExemptSeconds);
                q.setPreemptMode(text(rs, "preempt_mode"));
                q.setGrpTresMins(text(rs, "grp_tres_mins")).setMaxTresMinsPerJob(text(rs, "max_tres_mins_pj"));
                count(rs, "grp_wall", q::setGrpWallMinutes);
                namesById.put(Integer.toUnsignedLong(q.getId()), q.getName());
                preempt.add(text(rs, "preempt"));
                all.add(q);
            }
            // the table keeps QOS ids; the controller is given names, as jobs name their QOS
            for (int i = 0; i < all.size(); i++) {
                out.addQos(all.get(i).addAllPreempt(QosPreemptList.names(preempt.get(i), namesById)));
            }
        }
    }

    private static void associations(Connection c, String cluster, DbdAssocSnapshot.Builder out) throws SQLException {
        String sql = "SELECT a.*, q.name AS def_qos FROM assoc_table a LEFT JOIN qos_table q ON q.id = a.def_qos_id"
                + " WHERE a.cluster = ? AND a.deleted = 0 ORDER BY a.id_assoc";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, cluster);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    DbdAssocRecord.Builder a = DbdAssocRecord.newBuilder().setId(rs.getInt("id_assoc"))
                            .setAccount(rs.getString("acct")).setUser(rs.getString("user"))
                            .setPartition(rs.getString("partition_name")).setParentAccount(rs.getString("parent_acct"))
                            .setIsDefault(rs.getBoolean("is_def")).setGrpTres(text(rs, "grp_tres"))
                            .setMaxTresPerJob(text(rs, "max_tres_pj")).setQos(text(rs, "qos"))
                            .setDefaultQos(text(rs, "def_qos"));
                    count(rs, "shares", a::setShares);
                    count(rs, "priority", v -> a.setPriority(v));
                    count(rs, "grp_jobs", a::setGrpJobs);
                    count(rs, "grp_submit_jobs", a::setGrpSubmitJobs);
                    count(rs, "max_jobs", a::setMaxJobs);
                    count(rs, "max_submit_jobs", a::setMaxSubmitJobs);
                    count(rs, "max_wall_pj", a::setMaxWallMinutes);
                    a.setGrpTresMins(text(rs, "grp_tres_mins")).setMaxTresMinsPerJob(text(rs, "max_tres_mins_pj"));
                    count(rs, "grp_wall", a::setGrpWallMinutes);
                    out.addAssociations(a);
                }
            }
        }
    }

    @FunctionalInterface
    private interface IntSetter {
        void set(int value);
    }

    /** NULL columns are unset limits and stay absent in the message. */
    private static void count(ResultSet rs, String column, IntSetter setter) throws SQLException {
        int value = rs.getInt(column);
        if (!rs.wasNull()) {
            setter.set(value);
        }
    }

    private static String text(ResultSet rs, String column) throws SQLException {
        String value = rs.getString(column);
        return value == null ? "" : value;
    }
}
