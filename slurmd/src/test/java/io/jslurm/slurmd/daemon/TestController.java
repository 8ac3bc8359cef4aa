package io.jslurm.slurmd.daemon;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The controller's side of the node protocol for tests: a real server on loopback that
 * acknowledges registrations, heartbeats and completions and keeps what arrived, and a client
 * that sends slurmd the controller's requests, signed as root with the cluster key.
 */
final class TestController implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(30);

    final BlockingQueue<NodeRegistration> registrations = new LinkedBlockingQueue<>();
    final BlockingQueue<NodeHeartbeat> heartbeats = new LinkedBlockingQueue<>();
    final BlockingQueue<JobComplete> completions = new LinkedBlockingQueue<>();
    /** Set: heartbeats are answered as a controller that does not know the node answers them. */
    final AtomicBoolean forgetNodes = new AtomicBoolean();
    private final SlurmKey key;
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final RpcServer server;

    private TestController(SlurmKey key, int port) throws InterruptedException {
        this.key = key;
        RpcTable table = RpcTable.builder(EnvelopeType.NODE)
                .route(NodeRegistration.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    forgetNodes.set(false);
                    registrations.add(call.request());
                    return Ack.getDefaultInstance();
                })
                .route(NodeHeartbeat.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    if (forgetNodes.get()) {
                        throw new RpcException(2018, "Invalid node name specified: " + call.request().getNodeName());
                    }
                    heartbeats.add(call.request());
                    return Ack.getDefaultInstance();
                })
                .route(JobComplete.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    completions.add(call.request());
                    return Ack.getDefaultInstance();
                })
                .build();
        server = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress("127.0.0.1", port)), List.of(table),
                new Authenticator(List.of(new SlurmAuth(key, InstantSource.system()))), Authorizer.slurmUserOnly(0),
                workers);
    }

    static TestController start(SlurmKey key, int port) throws InterruptedException {
        return new TestController(key, port);
    }

    int port() {
        return server.localAddress().getPort();
    }

    /** Sends one request to the slurmd at {@code port} as root, the way the controller does. */
    Message call(int port, Message request) throws IOException, RpcException {
        return callAs(port, request, 0);
    }

    Message callAs(int port, Message request, long uid) throws IOException, RpcException {
        SlurmCredentialSigner signer = new SlurmCredentialSigner(key, InstantSource.system());
        try (RpcClient<NodeMessage> client = RpcClient.connect(EnvelopeType.NODE,
                new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(10), signer.sourceFor(uid, uid, "ctl"))) {
            return client.call(request);
        }
    }

    NodeRegistration nextRegistration() throws InterruptedException {
        NodeRegistration registration = registrations.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (registration == null) {
            throw new AssertionError("no registration within " + WAIT);
        }
        return registration;
    }

    JobComplete nextCompletion() throws InterruptedException {
        JobComplete completion = completions.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (completion == null) {
            throw new AssertionError("no job completion within " + WAIT);
        }
        return completion;
    }

    @Override
    public void close() {
        server.close();
        workers.shutdownNow();
    }
}
