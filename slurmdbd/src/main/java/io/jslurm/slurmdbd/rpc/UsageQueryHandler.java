package io.jslurm.slurmdbd.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdUsageQuery;
import io.jslurm.protocol.proto.DbdUsageResponse;
import io.jslurm.protocol.proto.DbdUserUsage;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import io.jslurm.slurmdbd.usage.Usage;
import io.jslurm.slurmdbd.usage.UsageStore;
import io.jslurm.slurmdbd.usage.UserAccount;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.Map;

/** Answers sreport: a cluster's CPU usage in a window, and each user's share, most used first. */
final class UsageQueryHandler implements RpcHandler<DbdUsageQuery> {

    private final UsageStore usage;

    UsageQueryHandler(UsageStore usage) {
        this.usage = usage;
    }

    @Override
    public Message handle(RpcCall<DbdUsageQuery> call) throws RpcException {
        DbdUsageQuery q = call.request();
        if (q.getWindowEnd() <= q.getWindowStart()) {
            throw new RpcException(DbdErrors.INVALID_REQUEST, "the report's end must come after its start");
        }
        UsageStore.Report report;
        try {
            report = usage.report(q.getCluster(), q.getWindowStart(), q.getWindowEnd());
        } catch (SQLException down) {
            throw new RpcException(DbdErrors.DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
        Usage u = report.usage();
        DbdUsageResponse.Builder out = DbdUsageResponse.newBuilder().setCpuCount(report.cpuCount())
                .setAllocatedSecs(u.allocated()).setDownSecs(u.down()).setPlannedDownSecs(u.plannedDown())
                .setIdleSecs(u.idle()).setPlannedSecs(u.planned()).setOverCommittedSecs(u.overCommitted())
                .setReportedSecs(u.reported());
        u.byUser().entrySet().stream()
                .filter(e -> q.getUsersCount() == 0 || q.getUsersList().contains(e.getKey().user()))
                .filter(e -> q.getAccountsCount() == 0 || q.getAccountsList().contains(e.getKey().account()))
                .sorted(Comparator.comparing(Map.Entry<UserAccount, Long>::getValue).reversed()
                        .thenComparing(e -> e.getKey().user()).thenComparing(e -> e.getKey().account()))
                .forEach(e -> out.addUsers(DbdUserUsage.newBuilder().setUser(e.getKey().user())
                        .setAccount(e.getKey().account()).setAllocatedSecs(e.getValue())));
        return out.build();
    }
}
