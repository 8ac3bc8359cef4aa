package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.DbdAssocChanged;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ManualClock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's side of slurmdbd's pushes, against a stand-in slurmdbd that serves association snapshots: the
 * controller registers its port, takes a push from a daemon credential by reading the associations again before
 * it answers, and refuses a push signed for a user.
 */
class AssocPushTest {

    @TempDir
    Path dir;

    /** The fixture's clock and key: credentials from the controller verify here. */
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    private final SlurmKey key = SlurmKey.of("controller-test-key-0123456789abcdef0123".getBytes(StandardCharsets.UTF_8));
    private final List<DbdAssocSnapshotRequest> requests = new CopyOnWriteArrayList<>();
    private final AtomicReference<DbdAssocSnapshot> answer = new AtomicReference<>(SeedAccounting.snapshot());
    private final ExecutorService dbdWorkers = Executors.newFixedThreadPool(2);
    private RpcServer dbd;
    private ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        RpcTable table = RpcTable.builder(EnvelopeType.DBD)
                .route(DbdAssocSnapshotRequest.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    requests.add(call.request());
                    return answer.get();
                })
                .build();
        dbd = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                List.of(table), new Authenticator(List.of(new SlurmAuth(key, clock))), Authorizer.slurmUserOnly(0),
                dbdWorkers);
        cluster = new ControllerFixture(dir, """
                AccountingStorageType=accounting_storage/slurmdbd
                AccountingStorageHost=127.0.0.1
                AccountingStoragePort=%d
                """.formatted(dbd.localAddress().getPort()));
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
        dbd.close();
        dbdWorkers.shutdownNow();
    }

    private RpcClient<DbdMessage> pusher(long uid) throws Exception {
        return RpcClient.connect(EnvelopeType.DBD, cluster.controller.address(), ControllerFixture.TIMEOUT,
                cluster.signer.sourceFor(uid, uid == 0 ? 0 : ControllerFixture.USERS_GID, "dbdhost"));
    }

    private DbdAssocSnapshotRequest awaitRegistration() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            for (DbdAssocSnapshotRequest request : requests) {
                if (request.getControlPort() != 0) {
                    return request;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the controller never registered: " + requests);
    }

    @Test
    void theControllerRegistersTheAddressItListensOn() throws Exception {
        DbdAssocSnapshotRequest registration = awaitRegistration();

        assertThat(registration.getCluster()).isEqualTo("test");
        assertThat(registration.getControlPort()).isEqualTo(cluster.controller.address().getPort());
        assertThat(registration.getControlHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void aPushFromSlurmdbdIsInForceWhenItIsAnswered() throws Exception {
        awaitRegistration();
        answer.set(answer.get().toBuilder().addQos(DbdQosRecord.newBuilder().setId(9).setName("debug")).build());

        try (RpcClient<DbdMessage> client = pusher(0)) {
            client.call(DbdAssocChanged.newBuilder().setCluster("test").build(), Ack.class);
        }

        assertThat(cluster.controller.associations().data().qosExists("debug")).isTrue();
    }

    @Test
    void aPushSignedForAUserIsRefused() throws Exception {
        try (RpcClient<DbdMessage> client = pusher(ControllerFixture.ALICE)) {
            assertThatThrownBy(() -> client.call(DbdAssocChanged.newBuilder().setCluster("test").build(), Ack.class))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.ESLURM_ACCESS_DENIED.code()));
        }
    }

    @Test
    void aPushForAnotherClusterIsRefused() throws Exception {
        try (RpcClient<DbdMessage> client = pusher(0)) {
            assertThatThrownBy(() -> client.call(DbdAssocChanged.newBuilder().setCluster("other").build(), Ack.class))
                    .isInstanceOf(RpcException.class).hasMessageContaining("serves cluster test, not other");
        }
    }
}
