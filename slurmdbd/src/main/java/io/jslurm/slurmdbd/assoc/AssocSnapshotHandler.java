package io.jslurm.slurmdbd.assoc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import java.sql.SQLException;

/** Answers a controller's request for the users, QOS and associations of its cluster. */
public final class AssocSnapshotHandler implements RpcHandler<DbdAssocSnapshotRequest> {

    /** ESLURM_DB_CONNECTION. */
    private static final int DB_CONNECTION = 7000;

    private final AssocSnapshotReader reader;

    public AssocSnapshotHandler(AssocSnapshotReader reader) {
        this.reader = reader;
    }

    @Override
    public Message handle(RpcCall<DbdAssocSnapshotRequest> call) throws RpcException {
        try {
            return reader.read(call.request().getCluster());
        } catch (SQLException down) {
            throw new RpcException(DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
    }
}
