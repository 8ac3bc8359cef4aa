package io.jslurm.protocol.netty;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.wire.EnvelopeType;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Caps open connections per remote host, so one misbehaving host cannot use up the server's sockets. */
@ChannelHandler.Sharable
final class ConnectionLimiter extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(ConnectionLimiter.class);

    private final int maxPerHost;
    private final EnvelopeType<?> errorEnvelope;
    private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();

    ConnectionLimiter(int maxPerHost, EnvelopeType<?> errorEnvelope) {
        this.maxPerHost = maxPerHost;
        this.errorEnvelope = errorEnvelope;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (!(ctx.channel().remoteAddress() instanceof InetSocketAddress)) {
            super.channelActive(ctx);
            return;
        }
        InetAddress host = ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress();
        int count = open.merge(host, 1, Integer::sum);
        ctx.channel().closeFuture().addListener(f -> open.computeIfPresent(host, (h, n) -> n <= 1 ? null : n - 1));
        if (count > maxPerHost) {
            log.warn("closing connection from {}: {} connections open from that host (limit {})",
                    ctx.channel().remoteAddress(), count - 1, maxPerHost);
            ctx.channel().writeAndFlush(errorEnvelope.error(0, ErrorCode.SLURM_COMMUNICATIONS_CONNECTION_ERROR.code(),
                    "too many connections from " + host.getHostAddress()))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        super.channelActive(ctx);
    }

    int openFrom(InetAddress host) {
        return open.getOrDefault(host, 0);
    }
}
