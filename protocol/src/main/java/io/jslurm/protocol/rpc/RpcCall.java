package io.jslurm.protocol.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.Identity;
import java.net.SocketAddress;
import java.util.Objects;

/** One authenticated request as a handler sees it. */
public record RpcCall<R extends Message>(long correlationId, Identity caller, SocketAddress remote,
                                         int protocolVersion, R request) {
    public RpcCall {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(request, "request");
    }
}
