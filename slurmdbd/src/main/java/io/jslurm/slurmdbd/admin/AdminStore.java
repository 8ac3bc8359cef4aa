package io.jslurm.slurmdbd.admin;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * What sacctmgr manages: clusters, accounts, users, QOS and the associations that tie accounts and
 * users to a cluster. Deleted entities are marked, not removed, as accounting keeps history.
 * Rows are returned as sacctmgr's column titles to values.
 */
public final class AdminStore {

    private final DataSource dataSource;
    private final InstantSource clock;

    public AdminStore(DataSource dataSource, InstantSource clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    // ---- clusters

    /** Adds clusters, each with its root account association as Slurm creates it. */
    public List<String> addClusters(List<String> names) throws SQLException {
        List<String> added = new ArrayList<>();
        for (String name : names) {
            if (exists("cluster_table", name)) {
                continue;
            }
            update("INSERT INTO cluster_table (name, time_created, time_modified) VALUES (?, ?, ?)"
                    + " ON DUPLICATE KEY UPDATE deleted = 0, time_modified = VALUES(time_modified)", name, now(), now());
            added.add(name);
            update("INSERT IGNORE INTO acct_table (name, description, organization, time_created, time_modified)"
                    + " VALUES ('root', 'default root account', 'root', ?, ?)", now(), now());
            addAssociation(name, "root", "", "");
            addAssociation(name, "root", "root", "root");
            // Slurm's fresh database has user root, an Administrator whose default account is root; one that was
            // deleted stays deleted.
            update("INSERT IGNORE INTO user_table (name, admin_level, time_created, time_modified)"
                    + " VALUES ('root', 'Administrator', ?, ?)", now(), now());
            update("UPDATE assoc_table SET is_def = 1 WHERE cluster = ? AND user = 'root' AND acct = 'root'", name);
        }
        return added;
    }

    public List<Map<String, String>> clusters(Set<String> names) throws SQLException {
        return rows("SELECT * FROM cluster_table WHERE deleted = 0" + in("name", names) + " ORDER BY name", names,
                rs -> row("Cluster", rs.getString("name"), "ControlHost", rs.getString("control_host"),
                        "ControlPort", Integer.toString(rs.getInt("control_port")),
                        "RPC", Integer.toString(rs.getInt("rpc_version"))));
    }

    // ---- accounts

    public List<String> addAccounts(List<String> names, String cluster, String description, String organization,
                                    String parent) throws SQLException, AdminException {
        requireCluster(cluster);
        List<String> added = new ArrayList<>();
        for (String name : names) {
            update("INSERT INTO acct_table (name, description, organization, time_created, time_modified)"
                    + " VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE deleted = 0, description = VALUES(description),"
                    + " organization = VALUES(organization)", name, description.isEmpty() ? name : description,
                    organization.isEmpty() ? parent : organization, now(), now());
            if (addAssociation(cluster, name, "", parent)) {
                added.add(name);
            }
        }
        return added;
    }

    public List<Map<String, String>> accounts(Set<String> names) throws SQLException {
        return rows("SELECT * FROM acct_table WHERE deleted = 0" + in("name", names) + " ORDER BY name", names,
                rs -> row("Account", rs.getString("name"), "Descr", rs.getString("description"),
                        "Org", rs.getString("organization")));
    }

    public int modifyAccounts(Set<String> names, String description, String organization) throws SQLException {
        int changed = 0;
        for (String name : names) {
            if (!description.isEmpty()) {
                changed += update("UPDATE acct_table SET description = ?, time_modified = ? WHERE name = ? AND deleted = 0",
                        description, now(), name);
            }
            if (!organization.isEmpty()) {
                changed += update("UPDATE acct_table SET organization = ?, time_modified = ? WHERE name = ? AND deleted = 0",
                        organization, now(), name);
            }
        }
        return changed;
    }

    /** Limits, shares and QOS set on accounts live on the accounts' own associations. */
    public int modifyAccountAssociations(Set<String> names, Map<String, String> settings)
            throws SQLException, AdminException {
        int changed = 0;
        for (String name : names) {
            changed += modifyAssociations(Map.of("account", name, "user", ""), settings);
        }
        return changed;
    }

    public int deleteAccounts(Set<String> names) throws SQLException {
        int changed = 0;
        for (String name : names) {
            changed += update("UPDATE acct_table SET deleted = 1, time_modified = ? WHERE name = ? AND deleted = 0", now(), name);
            update("UPDATE assoc_table SET deleted = 1, time_modified = ? WHERE acct = ?", now(), name);
        }
        return changed;
    }

    // ---- users

    public List<String> addUsers(List<String> names, String cluster, List<String> accounts, String defaultAccount,
                                 String adminLevel) throws SQLException, AdminException {
        requireCluster(cluster);
        if (accounts.isEmpty()) {
            throw new AdminException("Need name of account to add user to");
        }
        for (String account : accounts) {
            if (!exists("acct_table", account)) {
                throw new AdminException("This account '" + account + "' doesn't exist.");
            }
        }
        String def = defaultAccount.isEmpty() ? accounts.get(0) : defaultAccount;
        List<String> added = new ArrayList<>();
        for (String name : names) {
            update("INSERT INTO user_table (name, admin_level, time_created, time_modified) VALUES (?, ?, ?, ?)"
                    + " ON DUPLICATE KEY UPDATE deleted = 0", name, adminLevel.isEmpty() ? "None" : adminLevel, now(), now());
            boolean any = false;
            for (String account : accounts) {
                any |= addAssociation(cluster, account, name, account);
            }
            // Adding an existing user to more accounts leaves its default account alone, as in Slurm, unless
            // DefaultAccount= says otherwise.
            if (!defaultAccount.isEmpty() || !hasDefaultAccount(cluster, name)) {
                setDefaultAccount(cluster, name, def);
            }
            if (any) {
                added.add(name);
            }
        }
        return added;
    }

    public List<Map<String, String>> users(Set<String> names) throws SQLException {
        return rows("SELECT u.name, u.admin_level, (SELECT a.acct FROM assoc_table a WHERE a.user = u.name"
                + " AND a.is_def = 1 AND a.deleted = 0 LIMIT 1) AS def_acct FROM user_table u WHERE u.deleted = 0"
                + in("u.name", names) + " ORDER BY u.name", names,
                rs -> row("User", rs.getString("name"), "Def Acct", nullToEmpty(rs.getString("def_acct")),
                        "Admin", rs.getString("admin_level")));
    }

    public int modifyUsers(Set<String> names, String cluster, Map<String, String> set) throws SQLException, AdminException {
        int changed = 0;
        Map<String, String> assocSettings = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : set.entrySet()) {
            switch (e.getKey()) {
                case "adminlevel" -> {
                    for (String name : names) {
                        changed += update("UPDATE user_table SET admin_level = ?, time_modified = ? WHERE name = ?"
                                + " AND deleted = 0", adminLevel(e.getValue()), now(), name);
                    }
                }
                case "defaultaccount" -> {
                    for (String name : names) {
                        changed += setDefaultAccount(cluster, name, e.getValue());
                    }
                }
                default -> assocSettings.put(e.getKey(), e.getValue());
            }
        }
        if (!assocSettings.isEmpty()) {
            for (String name : names) {
                changed += modifyAssociations(Map.of("user", name), assocSettings);
            }
        }
        return changed;
    }

    public int deleteUsers(Set<String> names) throws SQLException {
        int changed = 0;
        for (String name : names) {
            changed += update("UPDATE user_table SET deleted = 1, time_modified = ? WHERE name = ? AND deleted = 0", now(), name);
            update("UPDATE assoc_table SET deleted = 1, time_modified = ? WHERE user = ?", now(), name);
        }
        return changed;
    }

    // ---- QOS

    public List<String> addQos(List<String> names, Map<String, String> settings) throws SQLException, AdminException {
        List<String> added = new ArrayList<>();
        for (String name : names) {
            if (exists("qos_table", name)) {
                continue;
            }
            update("INSERT INTO qos_table (name, description, time_created, time_modified) VALUES (?, ?, ?, ?)"
                    + " ON DUPLICATE KEY UPDATE deleted = 0", name, name, now(), now());
            applyQos(name, settings);
            added.add(name);
        }
        return added;
    }

    public List<Map<String, String>> qos(Set<String> names) throws SQLException {
        Map<Long, String> namesById = new LinkedHashMap<>();
        qosIds().forEach((name, id) -> namesById.put(id, name));
        return rows("SELECT * FROM qos_table WHERE deleted = 0" + in("name", names) + " ORDER BY id", names, rs -> {
            Map<String, String> row = row("Name", rs.getString("name"));
            for (Setting s : Setting.QOS) {
                row.put(s.title(), s.show(rs.getObject(s.column())));
            }
            row.put("Preempt", String.join(",", QosPreemptList.names(rs.getString("preempt"), namesById)));
            return row;
        });
    }

    public int modifyQos(Set<String> names, Map<String, String> settings) throws SQLException, AdminException {
        int changed = 0;
        for (String name : names) {
            changed += applyQos(name, settings);
        }
        return changed;
    }

    /** Preempt= is resolved to QOS ids here; the other settings are plain columns. */
    private int applyQos(String name, Map<String, String> settings) throws SQLException, AdminException {
        Map<String, String> rest = new LinkedHashMap<>(settings);
        int changed = 0;
        for (String key : List.of("preempt", "preempt+", "preempt-")) {
            String value = rest.remove(key);
            if (value != null) {
                changed += setPreempt(name, key, value);
            }
        }
        return changed + apply("qos_table", "name = ? AND deleted = 0", List.of(name), Setting.QOS, rest);
    }

    private int setPreempt(String name, String key, String value) throws SQLException, AdminException {
        Map<String, Long> ids = qosIds();
        Long self = ids.get(name);
        if (self == null) {
            return 0;
        }
        String current = rows("SELECT preempt FROM qos_table WHERE id = ?", List.of(self),
                rs -> row("preempt", rs.getString(1))).get(0).get("preempt");
        return update("UPDATE qos_table SET preempt = ?, time_modified = ? WHERE id = ?",
                QosPreemptList.apply(key, value, current, self, ids), now(), self);
    }

    /** A deleted QOS preempts nothing and is preempted by nothing, even if its id is used again. */
    private void dropFromPreemptLists(long id) throws SQLException {
        for (Map<String, String> r : rows("SELECT id, preempt FROM qos_table WHERE preempt <> ''", List.of(),
                rs -> row("id", rs.getString(1), "preempt", rs.getString(2)))) {
            String kept = QosPreemptList.without(r.get("preempt"), id);
            if (!kept.equals(r.get("preempt"))) {
                update("UPDATE qos_table SET preempt = ? WHERE id = ?", kept, Long.valueOf(r.get("id")));
            }
        }
    }

    /** The live QOS, name to id. */
    private Map<String, Long> qosIds() throws SQLException {
        Map<String, Long> ids = new LinkedHashMap<>();
        rows("SELECT id, name FROM qos_table WHERE deleted = 0 ORDER BY id", List.of(),
                rs -> row("id", rs.getString(1), "name", rs.getString(2)))
                .forEach(r -> ids.put(r.get("name"), Long.valueOf(r.get("id"))));
        return ids;
    }

    public int deleteQos(Set<String> names) throws SQLException {
        int changed = 0;
        Map<String, Long> ids = qosIds();
        for (String name : names) {
            changed += update("UPDATE qos_table SET deleted = 1, time_modified = ? WHERE name = ? AND deleted = 0", now(), name);
            if (ids.containsKey(name)) {
                dropFromPreemptLists(ids.get(name));
            }
        }
        return changed;
    }

    // ---- associations

    public List<Map<String, String>> associations(Map<String, String> where) throws SQLException {
        List<Object> params = new ArrayList<>();
        String sql = "SELECT a.*, q.name AS def_qos FROM assoc_table a LEFT JOIN qos_table q ON q.id = a.def_qos_id"
                + " WHERE a.deleted = 0" + assocWhere(where, params, "a.")
                + " ORDER BY a.cluster, a.acct, a.user, a.partition_name";
        return rows(sql, params, rs -> {
            Map<String, String> row = row("Cluster", rs.getString("cluster"), "Account", rs.getString("acct"),
                    "User", rs.getString("user"), "Partition", rs.getString("partition_name"),
                    "Par Name", rs.getString("user").isEmpty() ? rs.getString("parent_acct") : "");
            for (Setting s : Setting.ASSOCIATION) {
                row.put(s.title(), s.show(rs.getObject(s.column())));
            }
            if (row.get("QOS").isEmpty()) {
                row.put("QOS", "normal");
            }
            row.put("Def QOS", nullToEmpty(rs.getString("def_qos")));
            return row;
        });
    }

    public int modifyAssociations(Map<String, String> where, Map<String, String> settings)
            throws SQLException, AdminException {
        List<Object> params = new ArrayList<>();
        String condition = "deleted = 0" + assocWhere(where, params, "");
        if (settings.containsKey("qos")) {
            for (String qos : settings.get("qos").split(",")) {
                String name = qos.strip().replaceFirst("^[+-]", "");
                if (!name.isEmpty() && !exists("qos_table", name)) {
                    throw new AdminException("Unknown QOS '" + name + "'");
                }
            }
        }
        Map<String, String> rest = new LinkedHashMap<>(settings);
        int changed = 0;
        for (String key : List.of("defaultqos", "defqos")) {
            String qos = rest.remove(key);
            if (qos != null) {
                changed += setDefaultQos(condition, params, qos.strip());
            }
        }
        return changed + apply("assoc_table", condition, params, Setting.ASSOCIATION, rest);
    }

    /** DefaultQOS is kept as the QOS's id, as Slurm does; -1 or nothing clears it. */
    private int setDefaultQos(String condition, List<Object> conditionParams, String qos)
            throws SQLException, AdminException {
        Object id = null;
        if (!qos.isEmpty() && !qos.equals("-1")) {
            List<Map<String, String>> found = rows("SELECT id FROM qos_table WHERE name = ? AND deleted = 0",
                    List.of(qos), rs -> row("id", rs.getString(1)));
            if (found.isEmpty()) {
                throw new AdminException("Unknown QOS '" + qos + "'");
            }
            id = Long.valueOf(found.get(0).get("id"));
        }
        List<Object> params = new ArrayList<>();
        params.add(id);
        params.add(now());
        params.addAll(conditionParams);
        return update("UPDATE assoc_table SET def_qos_id = ?, time_modified = ? WHERE " + condition,
                params.toArray());
    }

    // ---- helpers

    private boolean addAssociation(String cluster, String account, String user, String parent) throws SQLException {
        return update("INSERT INTO assoc_table (cluster, acct, user, parent_acct, time_created, time_modified)"
                + " VALUES (?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE deleted = 0, parent_acct = VALUES(parent_acct)",
                cluster, account, user, parent, now(), now()) == 1;
    }

    private boolean hasDefaultAccount(String cluster, String user) throws SQLException {
        return !rows("SELECT acct FROM assoc_table WHERE cluster = ? AND user = ? AND is_def = 1 AND deleted = 0",
                List.of(cluster, user), rs -> row("Account", rs.getString("acct"))).isEmpty();
    }

    private int setDefaultAccount(String cluster, String user, String account) throws SQLException, AdminException {
        if (!exists("acct_table", account)) {
            throw new AdminException("This account '" + account + "' doesn't exist.");
        }
        update("UPDATE assoc_table SET is_def = 0 WHERE cluster = ? AND user = ?", cluster, user);
        return update("UPDATE assoc_table SET is_def = 1, time_modified = ? WHERE cluster = ? AND user = ? AND acct = ?"
                + " AND deleted = 0", now(), cluster, user, account);
    }

    private static String adminLevel(String value) throws AdminException {
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "none" -> "None";
            case "operator" -> "Operator";
            case "admin", "administrator" -> "Administrator";
            default -> throw new AdminException("Invalid AdminLevel: " + value);
        };
    }

    private int apply(String table, String condition, List<Object> conditionParams, List<Setting> known,
                      Map<String, String> settings) throws SQLException, AdminException {
        if (settings.isEmpty()) {
            return 0;
        }
        List<String> assignments = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            Setting setting = Setting.find(known, e.getKey())
                    .orElseThrow(() -> new AdminException("Unknown option: " + e.getKey() + "=" + e.getValue()));
            assignments.add(setting.column() + " = ?");
            params.add(setting.parse(e.getValue()));
        }
        params.add(now());
        params.addAll(conditionParams);
        return update("UPDATE " + table + " SET " + String.join(", ", assignments) + ", time_modified = ? WHERE "
                + condition, params.toArray());
    }

    private static String assocWhere(Map<String, String> where, List<Object> params, String tableAlias) {
        StringBuilder sql = new StringBuilder();
        for (Map.Entry<String, String> e : where.entrySet()) {
            String column = switch (e.getKey()) {
                case "cluster", "clusters" -> "cluster";
                case "account", "accounts", "acct" -> "acct";
                case "user", "users", "name", "names" -> "user";
                case "partition", "partitions" -> "partition_name";
                default -> null;
            };
            if (column == null) {
                continue;
            }
            List<String> values = List.of(e.getValue().split(","));
            sql.append(" AND ").append(tableAlias).append(column).append(" IN (")
                    .append(values.stream().map(v -> "?").collect(Collectors.joining(", "))).append(")");
            params.addAll(values);
        }
        return sql.toString();
    }

    private void requireCluster(String cluster) throws SQLException, AdminException {
        if (!exists("cluster_table", cluster)) {
            throw new AdminException("The cluster '" + cluster + "' doesn't exist. Add it first with"
                    + " 'sacctmgr add cluster " + cluster + "'.");
        }
    }

    private boolean exists(String table, String name) throws SQLException {
        return !rows("SELECT name FROM " + table + " WHERE name = ? AND deleted = 0", List.of(name),
                rs -> row("name", rs.getString(1))).isEmpty();
    }

    @FunctionalInterface
    private interface RowMapper {
        Map<String, String> map(ResultSet rs) throws SQLException;
    }

    private List<Map<String, String>> rows(String sql, java.util.Collection<?> params, RowMapper mapper)
            throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            for (Object p : params) {
                s.setObject(i++, p);
            }
            List<Map<String, String>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        }
    }

    private int update(String sql, Object... params) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            return s.executeUpdate();
        }
    }

    private static String in(String column, Set<String> values) {
        return values.isEmpty() ? "" : " AND " + column + " IN ("
                + values.stream().map(v -> "?").collect(Collectors.joining(", ")) + ")";
    }

    private static Map<String, String> row(String... keysAndValues) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            row.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return row;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
