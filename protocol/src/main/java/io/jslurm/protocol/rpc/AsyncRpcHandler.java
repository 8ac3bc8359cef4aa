package io.jslurm.protocol.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Serves one request type without holding a thread until the answer is ready: returns a stage that completes with
 * the response body (a type the same envelope carries) or exceptionally with {@link RpcException} for a Slurm error.
 * The server answers when the stage completes, from whatever thread completes it. Used where the answer waits on
 * something slow that is not the handler's CPU (the job journal's fsync), so that no thread is parked per request.
 */
@FunctionalInterface
public interface AsyncRpcHandler<R extends Message> {
    CompletionStage<? extends Message> handle(RpcCall<R> call) throws RpcException;

    /** A handler that answers as it returns, run as an asynchronous one: the stage is complete when handed back. */
    static <R extends Message> AsyncRpcHandler<R> of(RpcHandler<R> handler) {
        return call -> CompletableFuture.completedFuture(handler.handle(call));
    }
}
