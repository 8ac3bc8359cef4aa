package io.jslurm.slurmdbd.push;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAdminRequest;
import io.jslurm.protocol.proto.DbdAdminResponse;
import io.jslurm.protocol.rpc.AsyncRpcHandler;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * sacctmgr's requests, answered only after a change that committed has reached the registered controllers (or
 * the push gave up): a script may submit right after sacctmgr returns. Waits without holding a worker.
 */
public final class PushingAdminHandler implements AsyncRpcHandler<DbdAdminRequest> {

    private final RpcHandler<DbdAdminRequest> admin;
    private final AssocPusher pusher;

    public PushingAdminHandler(RpcHandler<DbdAdminRequest> admin, AssocPusher pusher) {
        this.admin = admin;
        this.pusher = pusher;
    }

    @Override
    public CompletionStage<? extends Message> handle(RpcCall<DbdAdminRequest> call) throws RpcException {
        Message response = admin.handle(call);
        if (response instanceof DbdAdminResponse answer && answer.getChanged() > 0) {
            return pusher.changed().thenApply(pushed -> answer);
        }
        return CompletableFuture.completedFuture(response);
    }
}
