package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.DbdAssocChanged;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmdbd.push.AssocPusher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * slurmdbd's side of the pushes, with a real slurmdbd and sacctmgr: a controller registers through its association
 * poll, each committed change reaches it before sacctmgr is answered, signed as SlurmUser; a controller that takes
 * connections but never answers does not hold sacctmgr, and is left alone until it registers again.
 */
class AssocPushEndToEndTest {

    private static DbdFixture dbd;
    private static final List<RpcCall<DbdAssocChanged>> pushes = new CopyOnWriteArrayList<>();
    private static final ExecutorService controllerWorkers = Executors.newFixedThreadPool(2);
    private static RpcServer controller;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("assoc-push");
        RpcTable table = RpcTable.builder(EnvelopeType.DBD)
                .route(DbdAssocChanged.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    pushes.add(call);
                    return Ack.getDefaultInstance();
                })
                .build();
        controller = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                List.of(table), new Authenticator(List.of(new SlurmAuth(dbd.key, InstantSource.system()))),
                Authorizer.slurmUserOnly(DbdFixture.SLURM_USER), controllerWorkers);
        assertThat(sacctmgr("add", "cluster", "gpu")).isZero();
    }

    @AfterAll
    static void stop() {
        if (controller != null) {
            controller.close();
        }
        controllerWorkers.shutdownNow();
        if (dbd != null) {
            dbd.close();
        }
    }

    private static int sacctmgr(String... args) {
        return sacctmgr(new ByteArrayOutputStream(), args);
    }

    private static int sacctmgr(ByteArrayOutputStream out, String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(0), "gpu");
        List<String> command = new ArrayList<>(List.of("-i"));
        command.addAll(List.of(args));
        return new Sacctmgr(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), daemon).run(command);
    }

    /** What the controller's poll sends: the cluster's snapshot, registering {@code port}. */
    private static DbdAssocSnapshot poll(int port) throws Exception {
        try (RpcClient<DbdMessage> client = dbd.client(DbdFixture.SLURM_USER)) {
            return client.call(DbdAssocSnapshotRequest.newBuilder().setCluster("gpu").setControlPort(port).build(),
                    DbdAssocSnapshot.class);
        }
    }

    @Test
    void eachCommittedChangeReachesTheRegisteredControllerBeforeSacctmgrReturns() throws Exception {
        poll(controller.localAddress().getPort());
        int before = pushes.size();

        assertThat(sacctmgr("add", "account", "physics")).isZero();
        assertThat(pushes).hasSize(before + 1);
        assertThat(sacctmgr("modify", "account", "physics", "set", "GrpJobs=5")).isZero();
        assertThat(pushes).hasSize(before + 2);
        assertThat(sacctmgr("show", "account", "physics")).isZero();
        assertThat(pushes).hasSize(before + 2);

        RpcCall<DbdAssocChanged> push = pushes.get(pushes.size() - 1);
        assertThat(push.request().getCluster()).isEqualTo("gpu");
        assertThat(push.caller().uid()).isEqualTo(DbdFixture.SLURM_USER);
        ByteArrayOutputStream clusters = new ByteArrayOutputStream();
        assertThat(sacctmgr(clusters, "-P", "-n", "show", "cluster", "gpu",
                "format=cluster,controlhost,controlport,rpc")).isZero();
        assertThat(clusters.toString(StandardCharsets.UTF_8))
                .isEqualTo("gpu|127.0.0.1|" + controller.localAddress().getPort() + "|9728\n");
    }

    @Test
    void aControllerThatNeverAnswersDoesNotHoldSacctmgrAndIsSkippedUntilItRegistersAgain() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket hung = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!hung.isClosed()) {
                    try {
                        held.add(hung.accept());
                        connections.incrementAndGet();
                    } catch (java.io.IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            poll(hung.getLocalPort());

            long started = System.nanoTime();
            assertThat(sacctmgr("add", "account", "chemistry")).isZero();
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            // Held for the push's limit, not for sacctmgr's own 60 s.
            assertThat(took).isLessThan(AssocPusher.TIMEOUT.multipliedBy(5));
            assertThat(connections).hasValue(1);
            // The failed push has to end (its read times out) before the controller is set aside.
            Thread.sleep(AssocPusher.TIMEOUT.multipliedBy(2).toMillis());
            assertThat(sacctmgr("modify", "account", "chemistry", "set", "GrpJobs=3")).isZero();
            assertThat(connections).hasValue(1);

            poll(hung.getLocalPort());
            assertThat(sacctmgr("modify", "account", "chemistry", "set", "GrpJobs=4")).isZero();
            assertThat(connections).hasValue(2);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }
}
