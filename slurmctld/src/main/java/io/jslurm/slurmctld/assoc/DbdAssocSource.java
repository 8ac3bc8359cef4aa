package io.jslurm.slurmctld.assoc;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Asks slurmdbd for the cluster's associations over a connection of its own (accounting's sender has another).
 * Once the controller listens, each request also registers it with slurmdbd, which then pushes sacctmgr's changes
 * to that address.
 */
public final class DbdAssocSource implements AssocSource {

    private final InetSocketAddress address;
    private final Duration timeout;
    private final CredentialSource credentials;
    private final String cluster;
    private final Supplier<Optional<InetSocketAddress>> listening;

    /** @param listening where this controller serves RPCs, once it does */
    public DbdAssocSource(InetSocketAddress address, Duration timeout, CredentialSource credentials, String cluster,
                          Supplier<Optional<InetSocketAddress>> listening) {
        this.address = address;
        this.timeout = timeout;
        this.credentials = credentials;
        this.cluster = cluster;
        this.listening = listening;
    }

    @Override
    public DbdAssocSnapshot fetch() throws IOException, RpcException {
        InetSocketAddress resolved = address.isUnresolved()
                ? new InetSocketAddress(address.getHostString(), address.getPort()) : address;
        try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD, resolved, timeout, credentials)) {
            return client.call(request(cluster, listening.get()), DbdAssocSnapshot.class);
        }
    }

    /** The request, registering {@code listening}: a wildcard address lets slurmdbd use the request's source. */
    static DbdAssocSnapshotRequest request(String cluster, Optional<InetSocketAddress> listening) {
        DbdAssocSnapshotRequest.Builder request = DbdAssocSnapshotRequest.newBuilder().setCluster(cluster);
        listening.ifPresent(at -> {
            request.setControlPort(at.getPort());
            if (at.getAddress() != null && !at.getAddress().isAnyLocalAddress()) {
                request.setControlHost(at.getAddress().getHostAddress());
            }
        });
        return request.build();
    }
}
