package io.jslurm.slurmctld.resv;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.RpcException;
import io.jslurm.slurmctld.rpc.SlurmError;
import io.jslurm.protocol.proto.ReservationInfoRequest;
import io.jslurm.protocol.proto.ReservationInfoResponse;
import io.jslurm.protocol.proto.ReservationRecord;
import io.jslurm.protocol.proto.ReservationRequest;
import io.jslurm.protocol.proto.ReservationResponse;
import io.jslurm.protocol.rpc.RpcCall;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;

/**
 * scontrol create/update/delete reservation (operators and administrators: the RPC table checks) and
 * show reservation / sinfo -T (anyone). A change also asks for a scheduling pass, since it frees or takes nodes.
 */
public final class ReservationHandlers {

    private final ReservationTable table;
    private final InstantSource clock;
    private final Runnable changed;

    public ReservationHandlers(ReservationTable table, InstantSource clock, Runnable changed) {
        this.table = table;
        this.clock = clock;
        this.changed = changed;
    }

    public ReservationResponse change(RpcCall<ReservationRequest> call) throws RpcException {
        ReservationRequest request = call.request();
        ResvWords words = ResvWords.parse(request.getWordsList(), clock, ZoneId.systemDefault());
        String name = switch (request.getAction()) {
            case RESV_CREATE -> table.create(words, "resv");
            case RESV_UPDATE -> table.update(words);
            case RESV_DELETE -> {
                String target = words.name().orElseThrow(() -> SlurmError.RESERVATION_INVALID.exception());
                table.delete(target);
                yield target;
            }
            default -> throw SlurmError.INVALID_INPUT.exception("no action");
        };
        changed.run();
        return ReservationResponse.newBuilder().setName(name).build();
    }

    public ReservationInfoResponse info(RpcCall<ReservationInfoRequest> call) {
        String wanted = call.request().getName();
        Instant now = clock.instant();
        ReservationInfoResponse.Builder out = ReservationInfoResponse.newBuilder();
        for (Reservation r : table.all()) {
            if (!wanted.isEmpty() && !wanted.equals(r.name())) {
                continue;
            }
            int cores = table.cores(r);
            out.addReservations(ReservationRecord.newBuilder().setName(r.name())
                    .setStartTime(r.start().getEpochSecond()).setEndTime(r.end().getEpochSecond())
                    .setNodes(r.nodes().isEmpty() ? "" : Hostlist.of(r.nodes()).toString())
                    .setNodeCount(r.nodes().size()).setCoreCount(cores).setPartition(r.partition())
                    .addAllFlags(r.flags().stream().sorted().map(Enum::name).toList())
                    .setUsers(String.join(",", r.users())).setAccounts(String.join(",", r.accounts()))
                    .setTres("cpu=" + cores).setActive(r.activeAt(now)));
        }
        return out.build();
    }
}
