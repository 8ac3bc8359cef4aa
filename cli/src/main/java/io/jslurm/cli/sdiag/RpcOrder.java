package io.jslurm.cli.sdiag;

import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import java.util.Comparator;

/** How sdiag orders its RPC tables: by count (the default), by id, by total time or by average time. */
enum RpcOrder {
    COUNT, ID, TOTAL_TIME, AVERAGE_TIME;

    static long average(long total, long count) {
        return count == 0 ? 0 : total / count;
    }

    Comparator<RpcTypeStats> types() {
        Comparator<RpcTypeStats> order = switch (this) {
            case COUNT -> Comparator.comparingLong(RpcTypeStats::getCount).reversed();
            case ID -> Comparator.comparingInt(RpcTypeStats::getId);
            case TOTAL_TIME -> Comparator.comparingLong(RpcTypeStats::getTotalTime).reversed();
            case AVERAGE_TIME -> Comparator.comparingLong((RpcTypeStats t) -> average(t.getTotalTime(), t.getCount()))
                    .reversed();
        };
        return order.thenComparing(RpcTypeStats::getName);
    }

    Comparator<RpcUserStats> users() {
        Comparator<RpcUserStats> order = switch (this) {
            case COUNT -> Comparator.comparingLong(RpcUserStats::getCount).reversed();
            case ID -> Comparator.comparingLong(RpcUserStats::getUid);
            case TOTAL_TIME -> Comparator.comparingLong(RpcUserStats::getTotalTime).reversed();
            case AVERAGE_TIME -> Comparator.comparingLong((RpcUserStats u) -> average(u.getTotalTime(), u.getCount()))
                    .reversed();
        };
        return order.thenComparingLong(RpcUserStats::getUid);
    }
}
