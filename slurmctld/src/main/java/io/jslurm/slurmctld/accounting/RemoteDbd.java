package io.jslurm.slurmctld.accounting;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** slurmdbd at AccountingStorageHost:AccountingStoragePort; connects on demand, reconnects after a failure. */
public final class RemoteDbd implements DbdConnection {

    private final InetSocketAddress address;
    private final Duration timeout;
    private final CredentialSource credentials;
    private RpcClient<DbdMessage> client;

    public RemoteDbd(InetSocketAddress address, Duration timeout, CredentialSource credentials) {
        this.address = address;
        this.timeout = timeout;
        this.credentials = credentials;
    }

    @Override
    public void store(DbdRecordBatch batch) throws IOException, RpcException {
        if (client == null) {
            client = RpcClient.connect(EnvelopeType.DBD, resolved(), timeout, credentials);
        }
        try {
            client.call(batch, DbdRecordBatchResponse.class);
        } catch (IOException broken) {
            close();
            throw broken;
        }
    }

    private InetSocketAddress resolved() {
        return address.isUnresolved() ? new InetSocketAddress(address.getHostString(), address.getPort()) : address;
    }

    @Override
    public void close() {
        if (client != null) {
            try {
                client.close();
            } catch (IOException ignored) {
                // the connection is being dropped anyway
            }
            client = null;
        }
    }
}
