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

/** Asks slurmdbd for the cluster's associations over a connection of its own (accounting's sender has another). */
public final class DbdAssocSource implements AssocSource {

    private final InetSocketAddress address;
    private final Duration timeout;
    private final CredentialSource credentials;
    private final String cluster;

    public DbdAssocSource(InetSocketAddress address, Duration timeout, CredentialSource credentials, String cluster) {
        this.address = address;
        this.timeout = timeout;
        this.credentials = credentials;
        this.cluster = cluster;
    }

    @Override
    public DbdAssocSnapshot fetch() throws IOException, RpcException {
        InetSocketAddress resolved = address.isUnresolved()
                ? new InetSocketAddress(address.getHostString(), address.getPort()) : address;
        try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD, resolved, timeout, credentials)) {
            return client.call(DbdAssocSnapshotRequest.newBuilder().setCluster(cluster).build(),
                    DbdAssocSnapshot.class);
        }
    }
}
