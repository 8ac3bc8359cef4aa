package io.jslurm.slurmdbd.admin;

import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAdminRequest;
import io.jslurm.protocol.proto.DbdAdminResponse;
import io.jslurm.protocol.proto.DbdAdminRow;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Serves sacctmgr: anyone may list; adding, changing and deleting take root or SlurmUser.
 */
public final class AdminHandler implements RpcHandler<DbdAdminRequest> {

    /** ESLURM_DB_CONNECTION. */
    private static final int DB_CONNECTION = 7000;
    /** SLURM_ERROR: the request is wrong as given. */
    private static final int REFUSED = -1;

    private final AdminStore store;
    private final long slurmUserUid;

    public AdminHandler(AdminStore store, long slurmUserUid) {
        this.store = store;
        this.slurmUserUid = slurmUserUid;
    }

    @Override
    public Message handle(RpcCall<DbdAdminRequest> call) throws RpcException {
        DbdAdminRequest r = call.request();
        String verb = r.getVerb().toLowerCase(Locale.ROOT);
        if (!verb.equals("list") && !call.caller().isRoot() && call.caller().uid() != slurmUserUid) {
            throw new RpcException(ErrorCode.ESLURM_ACCESS_DENIED, "Access/permission denied");
        }
        try {
            return handle(r, verb);
        } catch (AdminException refused) {
            throw new RpcException(REFUSED, refused.getMessage());
        } catch (SQLException down) {
            throw new RpcException(DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
    }

    private DbdAdminResponse handle(DbdAdminRequest r, String verb) throws SQLException, AdminException {
        Map<String, String> where = lower(r.getWhereMap());
        Map<String, String> set = lower(r.getSetMap());
        Set<String> names = new LinkedHashSet<>(r.getNamesList());
        for (String key : List.of("name", "names", "user", "users", "account", "accounts", "cluster", "clusters")) {
            if (where.containsKey(key) && matchesEntity(r.getEntity(), key)) {
                names.addAll(List.of(where.get(key).split(",")));
            }
        }
        String cluster = where.getOrDefault("cluster", set.getOrDefault("cluster", r.getCluster()));
        String entity = r.getEntity().toLowerCase(Locale.ROOT);
        return switch (entity + " " + verb) {
            case "cluster add" -> added(store.addClusters(List.copyOf(names)));
            case "cluster list" -> rows(store.clusters(names));
            case "account add" -> added(store.addAccounts(List.copyOf(names), cluster, set.getOrDefault("description", ""),
                    set.getOrDefault("organization", ""), set.getOrDefault("parent", "root")));
            case "account list" -> rows(store.accounts(names));
            case "account modify" -> changed(store.modifyAccounts(names, set.getOrDefault("description", ""),
                    set.getOrDefault("organization", "")) + store.modifyAccountAssociations(names, limits(set)));
            case "account delete" -> changed(store.deleteAccounts(names));
            case "user add" -> added(store.addUsers(List.copyOf(names), cluster, accounts(set),
                    set.getOrDefault("defaultaccount", ""), set.getOrDefault("adminlevel", "")));
            case "user list" -> rows(store.users(names));
            case "user modify" -> changed(store.modifyUsers(names, cluster, set));
            case "user delete" -> changed(store.deleteUsers(names));
            case "qos add" -> added(store.addQos(List.copyOf(names), set));
            case "qos list" -> rows(store.qos(names));
            case "qos modify" -> changed(store.modifyQos(names, set));
            case "qos delete" -> changed(store.deleteQos(names));
            case "association list" -> rows(store.associations(where));
            case "association modify" -> changed(store.modifyAssociations(where, set));
            default -> throw new AdminException("Unknown request: " + verb + " " + entity);
        };
    }

    /** An account's settings other than its own description and organization. */
    private static Map<String, String> limits(Map<String, String> set) {
        Map<String, String> limits = new TreeMap<>(set);
        limits.keySet().removeAll(List.of("description", "organization", "cluster"));
        return limits;
    }

    private static boolean matchesEntity(String entity, String key) {
        String e = entity.toLowerCase(Locale.ROOT);
        return key.startsWith("name") || key.startsWith(e);
    }

    private static List<String> accounts(Map<String, String> set) {
        String list = set.getOrDefault("account", set.getOrDefault("accounts", set.getOrDefault("defaultaccount", "")));
        return list.isEmpty() ? List.of() : List.of(list.split(","));
    }

    private static Map<String, String> lower(Map<String, String> map) {
        Map<String, String> lower = new TreeMap<>();
        map.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        return lower;
    }

    private static DbdAdminResponse added(List<String> names) {
        return DbdAdminResponse.newBuilder().setChanged(names.size())
                .addAllRows(names.stream().map(n -> DbdAdminRow.newBuilder().putFields("Name", n).build()).toList())
                .build();
    }

    private static DbdAdminResponse changed(int count) {
        return DbdAdminResponse.newBuilder().setChanged(count).build();
    }

    private static DbdAdminResponse rows(List<Map<String, String>> rows) {
        List<DbdAdminRow> out = new ArrayList<>();
        for (Map<String, String> row : rows) {
            out.add(DbdAdminRow.newBuilder().putAllFields(row).build());
        }
        return DbdAdminResponse.newBuilder().addAllRows(out).build();
    }
}
