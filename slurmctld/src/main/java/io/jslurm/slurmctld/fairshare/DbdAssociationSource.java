package io.jslurm.slurmctld.fairshare;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdAdminRequest;
import io.jslurm.protocol.proto.DbdAdminResponse;
import io.jslurm.protocol.proto.DbdAdminRow;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.accounting.DbdEndpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the cluster's associations, users' default accounts and QOS priorities from slurmdbd with the same list
 * requests sacctmgr sends. One short connection per load; loads are seconds apart.
 */
public final class DbdAssociationSource implements AssociationSource {

    private final DbdEndpoint endpoint;
    private final String cluster;

    public DbdAssociationSource(DbdEndpoint endpoint, String cluster) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    @Override
    public AccountingView load() throws IOException {
        try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD, endpoint.resolved(),
                endpoint.timeout(), endpoint.credentials())) {
            List<Association> associations = new ArrayList<>();
            for (DbdAdminRow row : list(client, "association", Map.of("cluster", cluster))) {
                Map<String, String> f = row.getFieldsMap();
                associations.add(new Association(f.getOrDefault("Account", ""), f.getOrDefault("User", ""),
                        f.getOrDefault("Par Name", ""), count(f.get("Share"), 1), count(f.get("Priority"), 0)));
            }
            Map<String, String> defaults = new HashMap<>();
            for (DbdAdminRow row : list(client, "user", Map.of())) {
                String account = row.getFieldsMap().getOrDefault("Def Acct", "");
                if (!account.isEmpty()) {
                    defaults.put(row.getFieldsMap().get("User"), account);
                }
            }
            Map<String, Long> qos = new HashMap<>();
            for (DbdAdminRow row : list(client, "qos", Map.of())) {
                qos.put(row.getFieldsMap().get("Name"), count(row.getFieldsMap().get("Priority"), 0));
            }
            return new AccountingView(associations, defaults, qos);
        } catch (RpcException refused) {
            throw new IOException("slurmdbd refused the association query: " + refused.getMessage(), refused);
        }
    }

    private static List<DbdAdminRow> list(RpcClient<DbdMessage> client, String entity, Map<String, String> where)
            throws IOException, RpcException {
        DbdAdminRequest request = DbdAdminRequest.newBuilder().setEntity(entity).setVerb("list").putAllWhere(where)
                .build();
        return client.call(request, DbdAdminResponse.class).getRowsList();
    }

    /** A count as sacctmgr shows it; blank (unset, or Fairshare=parent) gives the fallback. */
    private static long count(String shown, long fallback) {
        if (shown == null || shown.isBlank()) {
            return fallback;
        }
        try {
            return Math.max(0, Long.parseLong(shown.strip()));
        } catch (NumberFormatException notANumber) {
            return fallback;
        }
    }
}
