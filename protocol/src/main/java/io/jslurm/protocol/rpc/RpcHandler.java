package io.jslurm.protocol.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;

/**
 * Serves one request type. Returns the response body (a type the same envelope carries); throw
 * {@link RpcException} to answer with a Slurm error code instead.
 */
@FunctionalInterface
public interface RpcHandler<R extends Message> {
    Message handle(RpcCall<R> call) throws RpcException;
}
