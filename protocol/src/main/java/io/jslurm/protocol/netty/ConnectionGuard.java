package io.jslurm.protocol.netty;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.ProtocolException;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Last handler of the pipeline: turns protocol violations into an Error frame and a close,
 * closes idle connections, and keeps every other exception from leaving the pipeline. One log
 * line per closed connection.
 */
@ChannelHandler.Sharable
final class ConnectionGuard extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(ConnectionGuard.class);

    private final EnvelopeType<?> defaultEnvelope;

    ConnectionGuard(EnvelopeType<?> defaultEnvelope) {
        this.defaultEnvelope = defaultEnvelope;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!ctx.channel().isActive()) {
            return;
        }
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof ProtocolException) {
            ProtocolException e = (ProtocolException) root;
            log.warn("closing connection from {}: {}", ctx.channel().remoteAddress(), e.getMessage());
            answerAndClose(ctx, e.errorCode(), e.getMessage());
        } else if (root instanceof IOException) {
            log.debug("connection from {} failed: {}", ctx.channel().remoteAddress(), root.toString());
            ctx.close();
        } else {
            log.warn("closing connection from {} after unexpected error: {}", ctx.channel().remoteAddress(),
                    root.toString());
            answerAndClose(ctx, ErrorCode.SLURM_ERROR, "internal error");
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            if (ConnectionState.inFlight(ctx.channel()).get() == 0) {
                log.debug("closing idle connection from {}", ctx.channel().remoteAddress());
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    /**
     * A peer that stops reading its answers must not make the server buffer without bound: stop
     * reading its requests until the answers drain.
     */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    private void answerAndClose(ChannelHandlerContext ctx, ErrorCode code, String message) {
        EnvelopeType<?> type = ctx.channel().attr(ConnectionState.ENVELOPE).get();
        ctx.channel().writeAndFlush((type == null ? defaultEnvelope : type).error(0, code.code(), message))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
