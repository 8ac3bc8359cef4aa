package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.DbdAdminRequest;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdEventQuery;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdUsageQuery;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmdbd.admin.AdminHandler;
import io.jslurm.slurmdbd.admin.AdminStore;
import io.jslurm.slurmdbd.assoc.AssocSnapshotHandler;
import io.jslurm.slurmdbd.assoc.AssocSnapshotReader;
import io.jslurm.slurmdbd.assoc.ClusterRegistration;
import io.jslurm.slurmdbd.push.AssocPusher;
import io.jslurm.slurmdbd.push.ControllerRegistry;
import io.jslurm.slurmdbd.push.PushingAdminHandler;
import io.jslurm.slurmdbd.storage.EventStore;
import io.jslurm.slurmdbd.storage.JobStore;
import io.jslurm.slurmdbd.usage.UsageStore;
import java.net.InetSocketAddress;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * slurmdbd's RPC service: records from controllers (root or SlurmUser only), job queries for sacct
 * on one port; sacctmgr's changes are pushed to the registered controllers before sacctmgr is answered.
 */
public final class DbdServer implements AutoCloseable {

    private static final String VERSION = "jslurm-slurmdbd 22.05";

    private final RpcServer server;
    private final ThreadPoolExecutor workers;
    private final AssocPusher pusher;

    private DbdServer(RpcServer server, ThreadPoolExecutor workers, AssocPusher pusher) {
        this.server = server;
        this.workers = workers;
        this.pusher = pusher;
    }

    /**
     * @param daemonCredentials what slurmdbd signs its pushes to the registered controllers with (its SlurmUser)
     */
    public static DbdServer start(InetSocketAddress bind, DataSource db, Authenticator authenticator,
                                  long slurmUserUid, JobVisibility visibility, InstantSource clock,
                                  CredentialSource daemonCredentials)
            throws InterruptedException {
        JobStore jobs = new JobStore(db);
        ControllerRegistry controllers = new ControllerRegistry(db);
        controllers.loadSaved();
        AssocPusher pusher = new AssocPusher(controllers, daemonCredentials, AssocPusher.TIMEOUT);
        UsageStore usage = new UsageStore(db, clock);
        EventStore events = new EventStore(db);
        AdminStore admin = new AdminStore(db, clock);
        RpcTable table = RpcTable.builder(EnvelopeType.DBD)
                .route(Ping.class, Permission.USER, Execution.EVENT_LOOP,
                        call -> Pong.newBuilder().setServerTimeMs(clock.millis()).setServerVersion(VERSION).build())
                .route(DbdRecordBatch.class, Permission.SLURM_USER, Execution.WORKER,
                        new RecordHandler(jobs, events, usage))
                .route(DbdJobQuery.class, Permission.USER, Execution.WORKER, new JobQueryHandler(jobs, visibility))
                .route(DbdUsageQuery.class, Permission.USER, Execution.WORKER, new UsageQueryHandler(usage))
                .route(DbdEventQuery.class, Permission.USER, Execution.WORKER, new EventQueryHandler(events))
                .routeAsync(DbdAdminRequest.class, Permission.USER, Execution.WORKER,
                        new PushingAdminHandler(new AdminHandler(admin, slurmUserUid), pusher))
                .route(DbdAssocSnapshotRequest.class, Permission.SLURM_USER, Execution.WORKER,
                        new AssocSnapshotHandler(new AssocSnapshotReader(db, clock), controllers,
                                new ClusterRegistration(admin)))
                .build();
        int threads = Math.max(4, Runtime.getRuntime().availableProcessors());
        ThreadPoolExecutor workers = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(1024), runnable -> {
                    Thread t = new Thread(runnable, "dbd-worker");
                    t.setDaemon(true);
                    return t;
                });
        RpcServer server = RpcServer.start(RpcServerConfig.defaults(bind).withMaxFramePayload(64 * 1024 * 1024),
                List.of(table), authenticator, Authorizer.slurmUserOnly(slurmUserUid), workers);
        return new DbdServer(server, workers, pusher);
    }

    public InetSocketAddress localAddress() {
        return server.localAddress();
    }

    @Override
    public void close() {
        server.close();
        workers.shutdown();
        pusher.close();
    }
}
