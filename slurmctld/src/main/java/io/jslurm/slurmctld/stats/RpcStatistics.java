package io.jslurm.slurmctld.stats;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import io.jslurm.protocol.rpc.RpcObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** sdiag's RPC counts and times, by Slurm message type and by the caller's uid. */
public final class RpcStatistics implements RpcObserver {

    private volatile ConcurrentMap<SlurmMessageType, Counter> byType = new ConcurrentHashMap<>();
    private volatile ConcurrentMap<Long, Counter> byUser = new ConcurrentHashMap<>();

    @Override
    public void served(Class<? extends Message> requestType, Identity caller, long handlerNanos) {
        byType.computeIfAbsent(SlurmMessageType.of(requestType), type -> new Counter()).add(handlerNanos);
        byUser.computeIfAbsent(caller.uid(), uid -> new Counter()).add(handlerNanos);
    }

    /** Starts counting afresh; a request finishing meanwhile may land in either period. */
    public void reset() {
        byType = new ConcurrentHashMap<>();
        byUser = new ConcurrentHashMap<>();
    }

    public List<RpcTypeStats> types() {
        List<RpcTypeStats> types = new ArrayList<>();
        byType.forEach((type, counter) -> types.add(RpcTypeStats.newBuilder().setName(type.name())
                .setId(type.id()).setCount(counter.count()).setTotalTime(counter.totalMicros()).build()));
        return types;
    }

    public List<RpcUserStats> users() {
        List<RpcUserStats> users = new ArrayList<>();
        byUser.forEach((uid, counter) -> users.add(RpcUserStats.newBuilder().setUid(uid)
                .setCount(counter.count()).setTotalTime(counter.totalMicros()).build()));
        return users;
    }
}
