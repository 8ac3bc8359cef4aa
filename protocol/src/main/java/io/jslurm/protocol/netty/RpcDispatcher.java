package io.jslurm.protocol.netty;

import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.AuthException;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Route;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates each request, checks the route's permission and runs its handler where the
 * route says. Every request gets exactly one answer: the handler's response or an Error.
 */
@ChannelHandler.Sharable
final class RpcDispatcher extends SimpleChannelInboundHandler<Inbound> {
    private static final Logger log = LoggerFactory.getLogger(RpcDispatcher.class);

    private final Map<EnvelopeType<?>, RpcTable> tables;
    private final Authenticator authenticator;
    private final Authorizer authorizer;
    private final Executor workers;

    RpcDispatcher(Map<EnvelopeType<?>, RpcTable> tables, Authenticator authenticator, Authorizer authorizer,
                  Executor workers) {
        this.tables = Map.copyOf(tables);
        this.authenticator = authenticator;
        this.authorizer = authorizer;
        this.workers = workers;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Inbound in) {
        EnvelopeType<?> type = in.type();
        Header header = type.header(in.envelope());
        long correlationId = header.getCorrelationId();
        Message body = type.body(in.envelope());
        if (body == null) {
            reply(ctx, type.error(correlationId, ErrorCode.SLURM_UNEXPECTED_MSG_ERROR.code(), "empty request"));
            return;
        }
        Route<?> route = tables.get(type).routeFor(body);
        if (route == null) {
            reply(ctx, type.error(correlationId, ErrorCode.SLURM_UNEXPECTED_MSG_ERROR.code(),
                    body.getDescriptorForType().getName() + " is not served here"));
            return;
        }
        Identity caller;
        try {
            caller = authenticator.verify(header.getCredential());
        } catch (AuthException e) {
            log.warn("{} from {} refused: {}", body.getDescriptorForType().getName(), ctx.channel().remoteAddress(),
                    e.getMessage());
            reply(ctx, type.error(correlationId, e.errorCode().code(), "authentication failed: " + e.getMessage()));
            return;
        }
        if (!authorizer.permits(caller, route.permission())) {
            log.warn("{} from uid {} at {} denied: needs {}", body.getDescriptorForType().getName(), caller.uid(),
                    ctx.channel().remoteAddress(), route.permission());
            reply(ctx, type.error(correlationId, ErrorCode.ESLURM_ACCESS_DENIED.code(), "access denied"));
            return;
        }
        RpcCall<?> call = route.call(correlationId, caller, ctx.channel().remoteAddress(), in.version(), body);
        ConnectionState.inFlight(ctx.channel()).incrementAndGet();
        if (route.execution() == Execution.EVENT_LOOP) {
            serve(ctx, type, route, call);
            return;
        }
        try {
            workers.execute(() -> serve(ctx, type, route, call));
        } catch (RejectedExecutionException e) {
            ConnectionState.inFlight(ctx.channel()).decrementAndGet();
            reply(ctx, type.error(correlationId, ErrorCode.SLURM_ERROR.code(), "server busy, try again later"));
        }
    }

    /** Starts the handler; the answer goes out when its stage completes, on whichever thread completes it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void serve(ChannelHandlerContext ctx, EnvelopeType<?> type, Route route, RpcCall call) {
        CompletionStage<? extends Message> stage;
        try {
            stage = route.handler().handle(call);
        } catch (Throwable e) {
            answer(ctx, type, route, call, null, e);
            return;
        }
        stage.whenComplete((response, failure) -> answer(ctx, type, route, call, response, failure));
    }

    private static void answer(ChannelHandlerContext ctx, EnvelopeType<?> type, Route<?> route, RpcCall<?> call,
                               Message response, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        Message answer = envelope(type, route, call.correlationId(), response, cause);
        ConnectionState.inFlight(ctx.channel()).decrementAndGet();
        reply(ctx, answer);
        if (cause instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }

    /** The response in its envelope, or the Error that answers instead. */
    private static Message envelope(EnvelopeType<?> type, Route<?> route, long correlationId, Message response,
                                    Throwable cause) {
        if (cause == null) {
            try {
                return type.wrap(correlationId, response);
            } catch (RuntimeException e) {
                cause = e;
            }
        }
        if (cause instanceof RpcException e) {
            return type.error(correlationId, e.errorCode(), e.getMessage());
        }
        // Errors too: a handler bug must not leave the caller waiting for an answer.
        log.error("handler for {} failed", route.requestType().getSimpleName(), cause);
        return type.error(correlationId, ErrorCode.SLURM_ERROR.code(), "internal error: " + cause);
    }

    private static void reply(ChannelHandlerContext ctx, Message envelope) {
        ctx.writeAndFlush(envelope).addListener(future -> {
            if (future.isSuccess() || !ctx.channel().isActive()) {
                return;
            }
            log.warn("reply to {} not sent: {}", ctx.channel().remoteAddress(), future.cause().toString());
            // The connection is fine but this answer could not be encoded (e.g. too large): the
            // caller must still get an answer rather than wait for its timeout.
            EnvelopeType<?> type = EnvelopeType.of(envelope);
            if (!(type.body(envelope) instanceof io.jslurm.protocol.proto.Error)) {
                ctx.writeAndFlush(type.error(type.header(envelope).getCorrelationId(), ErrorCode.SLURM_ERROR.code(),
                        "response could not be sent: " + future.cause().getMessage()));
            }
        });
    }
}
