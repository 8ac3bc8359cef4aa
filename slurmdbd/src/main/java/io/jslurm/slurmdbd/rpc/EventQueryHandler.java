package io.jslurm.slurmdbd.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdEventQuery;
import io.jslurm.protocol.proto.DbdEventQueryResponse;
import io.jslurm.protocol.proto.DbdEventRecord;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import io.jslurm.slurmdbd.storage.EventStore;
import io.jslurm.slurmdbd.storage.EventWindow;
import io.jslurm.slurmdbd.storage.StoredEvent;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/** Answers {@code sacctmgr show event}: the node and cluster events of one cluster a query selects. */
final class EventQueryHandler implements RpcHandler<DbdEventQuery> {

    private final EventStore events;

    EventQueryHandler(EventStore events) {
        this.events = events;
    }

    @Override
    public Message handle(RpcCall<DbdEventQuery> call) throws RpcException {
        DbdEventQuery q = call.request();
        String type = q.getEventType().toLowerCase(Locale.ROOT);
        if (!type.isEmpty() && !type.equals("node") && !type.equals("cluster")) {
            throw new RpcException(DbdErrors.INVALID_REQUEST, "Unknown event type: '" + q.getEventType()
                    + "'  Valid events are Cluster and Node.");
        }
        // A state, reason or user belongs to node events only, as in Slurm.
        boolean nodeOnly = type.equals("node") || q.getStatesCount() > 0 || q.getReasonUidsCount() > 0;
        EventWindow window = new EventWindow(q.getCluster(), q.getWindowStart(), q.getWindowEnd(),
                !type.equals("cluster"), !nodeOnly, q.getOpenOnly(), q.getNodesList());
        List<StoredEvent> found;
        try {
            found = events.find(window);
        } catch (SQLException down) {
            throw new RpcException(DbdErrors.DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
        DbdEventQueryResponse.Builder out = DbdEventQueryResponse.newBuilder();
        for (StoredEvent e : found) {
            if (!EventStates.matches(e.state(), q.getStatesList()) || !reasonMatches(e, q.getReasonsList())
                    || !uidMatches(e, q.getReasonUidsList())) {
                continue;
            }
            DbdEventRecord.Builder r = DbdEventRecord.newBuilder().setCluster(e.cluster()).setNodeName(e.node())
                    .setTimeStart(e.start()).setTimeEnd(e.end()).setState(e.state()).setReason(e.reason())
                    .setTres(e.tres());
            e.reasonUid().ifPresent(uid -> r.setReasonUid((int) uid));
            out.addEvents(r);
        }
        return out.build();
    }

    private static boolean reasonMatches(StoredEvent e, List<String> reasons) {
        return reasons.isEmpty() || reasons.stream().anyMatch(r -> r.equalsIgnoreCase(e.reason()));
    }

    private static boolean uidMatches(StoredEvent e, List<Integer> uids) {
        return uids.isEmpty() || e.reasonUid().stream().anyMatch(uid -> uids.contains((int) uid));
    }
}
