package io.jslurm.slurmctld.assoc;

import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.DbdAssocChanged;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import java.util.function.Supplier;

/**
 * slurmdbd's word that sacctmgr changed accounting: the association copy is read again before the answer, so
 * that slurmdbd answers sacctmgr only once this controller enforces the change. The route admits daemon
 * credentials only.
 */
public final class AssocPushHandler implements RpcHandler<DbdAssocChanged> {

    /** ESLURM_DB_CONNECTION. */
    private static final int DB_CONNECTION = 7000;

    private final AssocCache cache;
    private final Supplier<String> clusterName;

    public AssocPushHandler(AssocCache cache, Supplier<String> clusterName) {
        this.cache = cache;
        this.clusterName = clusterName;
    }

    @Override
    public Message handle(RpcCall<DbdAssocChanged> call) throws RpcException {
        String cluster = call.request().getCluster();
        if (!cluster.isEmpty() && !cluster.equals(clusterName.get())) {
            throw new RpcException(ErrorCode.SLURM_ERROR, "this controller serves cluster " + clusterName.get()
                    + ", not " + cluster);
        }
        if (!cache.refresh()) {
            throw new RpcException(DB_CONNECTION, "cannot read the associations from slurmdbd");
        }
        return Ack.getDefaultInstance();
    }
}
