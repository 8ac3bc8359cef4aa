package io.jslurm.protocol.netty;

import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.RpcTable;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemons' RPC listener. Pipeline per connection:
 * idle timeout, connection limit, frame decoder, envelope decoder, envelope encoder, dispatcher,
 * guard. Event loops only move bytes and run non-blocking handlers; everything else goes to the
 * worker executor the owner supplies, so no thread is tied to a connection.
 */
public final class RpcServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RpcServer.class);

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Channel listener;
    private final String transport;

    private RpcServer(EventLoopGroup boss, EventLoopGroup workers, Channel listener, String transport) {
        this.boss = boss;
        this.workers = workers;
        this.listener = listener;
        this.transport = transport;
    }

    /**
     * Binds and starts serving.
     *
     * @param tables     one per envelope type served on this port; the first also types
     *                   connection-level errors sent before a peer has said what it speaks
     * @param handlerExecutor runs {@link io.jslurm.protocol.rpc.Execution#WORKER} handlers
     */
    public static RpcServer start(RpcServerConfig config, List<RpcTable> tables, Authenticator authenticator,
                                  Authorizer authorizer, Executor handlerExecutor) throws InterruptedException {
        ServerPipeline pipeline = new ServerPipeline(config, tables, authenticator, authorizer, handlerExecutor);
        boolean epoll = config.preferNativeTransport() && Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(config.ioThreads(), io);

        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline.install(ch.pipeline());
                    }
                });
        try {
            Channel listener = bootstrap.bind(config.bind()).sync().channel();
            String transport = epoll ? "epoll" : "nio";
            log.info("serving {} on {} ({})", pipeline.served(), listener.localAddress(), transport);
            return new RpcServer(boss, workers, listener, transport);
        } catch (InterruptedException | RuntimeException e) {
            boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** "epoll" or "nio". */
    public String transport() {
        return transport;
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
