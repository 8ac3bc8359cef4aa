package io.jslurm.protocol.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.Identity;
import java.net.SocketAddress;
import java.util.Objects;

/**
 * A table row: the handler of one request type, the permission it needs, and where it starts. Every handler is held
 * as an asynchronous one; those written as {@link RpcHandler} answer with an already completed stage.
 */
public record Route<R extends Message>(Class<R> requestType, Permission permission, Execution execution,
                                       AsyncRpcHandler<R> handler) {
    public Route {
        Objects.requireNonNull(requestType, "requestType");
        Objects.requireNonNull(permission, "permission");
        Objects.requireNonNull(execution, "execution");
        Objects.requireNonNull(handler, "handler");
    }

    /** Casts the body (already matched by descriptor) and builds the call for the handler. */
    public RpcCall<R> call(long correlationId, Identity caller,
                           SocketAddress remote, int version, Message body) {
        return new RpcCall<>(correlationId, caller, remote, version, requestType.cast(body));
    }
}
