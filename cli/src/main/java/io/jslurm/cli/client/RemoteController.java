package io.jslurm.cli.client;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;

/**
 * The controller over the wire. Connects on first use, to the primary and then each backup in order,
 * as Slurm's commands do; keeps the connection for the command's further requests.
 */
public final class RemoteController implements Controller {

    private final ClusterAccess access;
    private RpcClient<ClientMessage> client;

    public RemoteController(ClusterAccess access) {
        this.access = access;
    }

    @Override
    public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
        RpcClient<ClientMessage> connected = connect();
        try {
            return connected.call(request, responseType);
        } catch (RpcException refused) {
            throw new ControllerException(refused.errorCode(), refused.getMessage());
        } catch (SocketTimeoutException slow) {
            client = null;
            throw new ControllerException(SlurmErrno.SLURMCTLD_COMMUNICATIONS_RECEIVE_ERROR, null);
        } catch (IOException broken) {
            client = null;
            throw new ControllerException(SlurmErrno.SLURMCTLD_COMMUNICATIONS_SEND_ERROR, null);
        }
    }

    private RpcClient<ClientMessage> connect() throws ControllerException {
        if (client != null) {
            return client;
        }
        CredentialSource credentials;
        try {
            credentials = access.credentials();
        } catch (IOException | RuntimeException unsigned) {
            throw new ControllerException(6003, unsigned.getMessage());
        }
        for (InetSocketAddress controller : access.controllers()) {
            try {
                InetSocketAddress resolved = new InetSocketAddress(controller.getHostString(), controller.getPort());
                if (resolved.isUnresolved()) {
                    continue;
                }
                client = RpcClient.connect(EnvelopeType.CLIENT, resolved, access.timeout(), credentials);
                return client;
            } catch (IOException down) {
                // next controller
            }
        }
        throw ControllerException.unreachable();
    }

    @Override
    public void close() {
        if (client != null) {
            try {
                client.close();
            } catch (IOException ignored) {
                // nothing left to tell the controller
            }
            client = null;
        }
    }
}
