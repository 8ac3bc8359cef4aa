package io.jslurm.protocol.netty;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * Listening address and limits of an {@link RpcServer}.
 *
 * @param maxFramePayload   largest request accepted (job scripts plus environment must fit)
 * @param readIdleTimeout   a connection that sends nothing for this long is closed
 * @param maxConnectionsPerHost open connections allowed from one remote address
 * @param ioThreads         event loop threads; 0 = Netty's default (2 x cores)
 * @param preferNativeTransport use epoll where it loads
 */
public record RpcServerConfig(InetSocketAddress bind, int maxFramePayload, Duration readIdleTimeout,
                              int maxConnectionsPerHost, int ioThreads, boolean preferNativeTransport) {
    public static final int DEFAULT_MAX_FRAME_PAYLOAD = 16 * 1024 * 1024;

    public RpcServerConfig {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(readIdleTimeout, "readIdleTimeout");
        if (maxFramePayload < 1 || maxConnectionsPerHost < 1 || ioThreads < 0 || readIdleTimeout.isNegative()
                || readIdleTimeout.isZero()) {
            throw new IllegalArgumentException("invalid server limits: " + maxFramePayload + " bytes, "
                    + maxConnectionsPerHost + " connections per host, " + ioThreads + " threads, idle " + readIdleTimeout);
        }
    }

    /** 16 MiB frames, 5 minute idle timeout, 1024 connections per host (a busy login node), default threads, epoll. */
    public static RpcServerConfig defaults(InetSocketAddress bind) {
        return new RpcServerConfig(bind, DEFAULT_MAX_FRAME_PAYLOAD, Duration.ofMinutes(5), 1024, 0, true);
    }

    public RpcServerConfig withMaxConnectionsPerHost(int max) {
        return new RpcServerConfig(bind, maxFramePayload, readIdleTimeout, max, ioThreads, preferNativeTransport);
    }

    public RpcServerConfig withReadIdleTimeout(Duration timeout) {
        return new RpcServerConfig(bind, maxFramePayload, timeout, maxConnectionsPerHost, ioThreads,
                preferNativeTransport);
    }

    public RpcServerConfig withMaxFramePayload(int max) {
        return new RpcServerConfig(bind, max, readIdleTimeout, maxConnectionsPerHost, ioThreads,
                preferNativeTransport);
    }
}
