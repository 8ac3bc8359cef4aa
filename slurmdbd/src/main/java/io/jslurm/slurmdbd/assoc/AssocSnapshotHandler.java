package io.jslurm.slurmdbd.assoc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import io.jslurm.slurmdbd.push.ControllerAddress;
import io.jslurm.slurmdbd.push.ControllerRegistry;
import java.net.InetSocketAddress;
import java.sql.SQLException;

/**
 * Answers a controller's request for the users, QOS and associations of its cluster; a request that names the
 * controller's port also registers it for the pushes of sacctmgr's changes. A cluster not in the database yet is
 * added first, so that the controller's very first copy (asked for before it listens) already holds the cluster's
 * root association and sacctmgr can add accounts as soon as the controller is up.
 */
public final class AssocSnapshotHandler implements RpcHandler<DbdAssocSnapshotRequest> {

    /** ESLURM_DB_CONNECTION. */
    private static final int DB_CONNECTION = 7000;

    private final AssocSnapshotReader reader;
    private final ControllerRegistry controllers;
    private final ClusterRegistration clusters;

    public AssocSnapshotHandler(AssocSnapshotReader reader, ControllerRegistry controllers,
                                ClusterRegistration clusters) {
        this.reader = reader;
        this.controllers = controllers;
        this.clusters = clusters;
    }

    @Override
    public Message handle(RpcCall<DbdAssocSnapshotRequest> call) throws RpcException {
        DbdAssocSnapshotRequest request = call.request();
        try {
            // Before the registration below, whose UPDATE of the cluster's row needs the row.
            clusters.ensure(request.getCluster());
        } catch (SQLException down) {
            throw new RpcException(DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
        if (request.getControlPort() > 0 && request.getControlPort() <= 65535) {
            // Registered first: a change committed while this read runs is then pushed too.
            controllers.register(new ControllerAddress(request.getCluster(), controlHost(call), request.getControlPort()));
        }
        try {
            return reader.read(request.getCluster());
        } catch (SQLException down) {
            throw new RpcException(DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
    }

    /** The host the controller named, else the address its request came from (as Slurm records it). */
    private static String controlHost(RpcCall<DbdAssocSnapshotRequest> call) {
        if (!call.request().getControlHost().isEmpty()) {
            return call.request().getControlHost();
        }
        return call.remote() instanceof InetSocketAddress remote && remote.getAddress() != null
                ? remote.getAddress().getHostAddress() : "127.0.0.1";
    }
}
