package io.jslurm.cli.client;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.EncodedRpcClient;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;

/**
 * The controller over the wire. Connects on first use, to the primary and then each backup in order,
 * as Slurm's commands do; keeps the connection for the command's further requests.
 */
public final class RemoteController implements Controller {

    private final ControllerRoute route;
    private RpcClient<ClientMessage> client;
    /** The connection of hand-encoded requests (sbatch's submission), which never loads protobuf-java. */
    private EncodedRpcClient encoded;

    public RemoteController(ClusterAccess access) {
        this(access.route());
    }

    public RemoteController(ControllerRoute route) {
        this.route = route;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
        if (client == null) {
            client = (RpcClient<ClientMessage>) connect(false);
        }
        try {
            return client.call(request, responseType);
        } catch (RpcException refused) {
            throw new ControllerException(refused.errorCode(), refused.getMessage());
        } catch (IOException broken) {
            client = null;
            throw lost(broken);
        }
    }

    @Override
    public byte[] callEncoded(int requestField, byte[] request, int responseField) throws ControllerException {
        if (encoded == null) {
            encoded = (EncodedRpcClient) connect(true);
        }
        try {
            return encoded.call(requestField, request, responseField);
        } catch (RpcException refused) {
            throw new ControllerException(refused.errorCode(), refused.getMessage());
        } catch (IOException broken) {
            encoded = null;
            throw lost(broken);
        }
    }

    /** A connection that failed during a request (the client closed it): no answer came, or came too late. */
    private static ControllerException lost(IOException broken) {
        return new ControllerException(broken instanceof SocketTimeoutException
                ? SlurmErrno.SLURMCTLD_COMMUNICATIONS_RECEIVE_ERROR
                : SlurmErrno.SLURMCTLD_COMMUNICATIONS_SEND_ERROR, null);
    }

    /** A connection to the first controller that answers: an {@link EncodedRpcClient} or an {@link RpcClient}. */
    private Closeable connect(boolean handEncoded) throws ControllerException {
        CredentialSource credentials;
        try {
            credentials = route.credentials();
        } catch (IOException | RuntimeException unsigned) {
            throw new ControllerException(6003, unsigned.getMessage());
        }
        for (InetSocketAddress controller : route.controllers()) {
            try {
                InetSocketAddress resolved = new InetSocketAddress(controller.getHostString(), controller.getPort());
                if (resolved.isUnresolved()) {
                    continue;
                }
                if (handEncoded) {
                    return EncodedRpcClient.connect(resolved, route.timeout(), credentials);
                }
                return RpcClient.connect(EnvelopeType.CLIENT, resolved, route.timeout(), credentials);
            } catch (IOException down) {
                // next controller
            }
        }
        throw ControllerException.unreachable();
    }

    @Override
    public void close() {
        closeQuietly(client);
        closeQuietly(encoded);
        client = null;
        encoded = null;
    }

    private static void closeQuietly(Closeable connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // nothing left to tell the controller
            }
        }
    }
}
