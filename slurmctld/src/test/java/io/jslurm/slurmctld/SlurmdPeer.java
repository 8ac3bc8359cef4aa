package io.jslurm.slurmctld;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SignalJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A slurmd endpoint for tests: it really listens on loopback, checks the controller's credentials with the
 * cluster key, and records the launch, signal and terminate requests it gets. The test plays the node's part
 * (registering, reporting completion) through the controller's own RPCs.
 */
public final class SlurmdPeer implements AutoCloseable {

    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final RpcServer server;

    public SlurmdPeer(SlurmKey key, InstantSource clock) throws InterruptedException {
        RpcTable table = RpcTable.builder(EnvelopeType.NODE)
                .route(LaunchBatchJob.class, Permission.SLURM_USER, Execution.WORKER, this::record)
                .route(SignalJob.class, Permission.SLURM_USER, Execution.WORKER, this::record)
                .route(TerminateJob.class, Permission.SLURM_USER, Execution.WORKER, this::record)
                .route(io.jslurm.protocol.proto.SuspendJob.class, Permission.SLURM_USER, Execution.WORKER, this::record)
                .route(io.jslurm.protocol.proto.StepStatRequest.class, Permission.SLURM_USER, Execution.WORKER,
                        this::stepStat)
                .build();
        server = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                List.of(table), new Authenticator(List.of(new SlurmAuth(key, clock))), Authorizer.slurmUserOnly(0),
                workers);
    }

    private Message record(io.jslurm.protocol.rpc.RpcCall<? extends Message> call) {
        received.add(call.request());
        return Ack.getDefaultInstance();
    }

    /** sstat's question: the step used one second of user CPU time and 1 MiB here, in one task. */
    private Message stepStat(io.jslurm.protocol.rpc.RpcCall<io.jslurm.protocol.proto.StepStatRequest> call) {
        received.add(call.request());
        return io.jslurm.protocol.proto.NodeStepStat.newBuilder().setNodeName("peer").setNtasks(1)
                .setUsage(io.jslurm.protocol.proto.ResourceUsage.newBuilder().setUserCpuMicros(1_000_000)
                        .setMaxRssKb(1024))
                .build();
    }

    public int port() {
        return server.localAddress().getPort();
    }

    /** The next request of this type, waiting up to {@code timeout}; other requests before it are skipped. */
    public <T extends Message> T next(Class<T> type, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Message message = received.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (type.isInstance(message)) {
                return type.cast(message);
            }
        }
        throw new AssertionError("slurmd got no " + type.getSimpleName() + " within " + timeout);
    }

    @Override
    public void close() {
        server.close();
        workers.shutdownNow();
    }
}
