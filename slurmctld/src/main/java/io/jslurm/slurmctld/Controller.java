package io.jslurm.slurmctld;

import io.jslurm.conf.ConfException;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.auth.StepCredentials;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.slurmctld.assoc.AssocCache;
import io.jslurm.slurmctld.assoc.AssocPushHandler;
import io.jslurm.slurmctld.assoc.AssocSetup;
import io.jslurm.slurmctld.assoc.JobAccounts;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.node.NodeStateFile;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.rpc.Callers;
import io.jslurm.slurmctld.rpc.ControlHandlers;
import io.jslurm.slurmctld.rpc.ControllerRpc;
import io.jslurm.slurmctld.rpc.JobHandlers;
import io.jslurm.slurmctld.rpc.NodeHandlers;
import io.jslurm.slurmctld.rpc.SubmitValidator;
import io.jslurm.slurmctld.rpc.UserGroups;
import io.jslurm.slurmctld.resv.LiveCluster;
import io.jslurm.slurmctld.resv.ReservationFile;
import io.jslurm.slurmctld.resv.ReservationHandlers;
import io.jslurm.slurmctld.resv.ReservationTable;
import io.jslurm.slurmctld.schedule.Allocations;
import io.jslurm.slurmctld.schedule.JobControl;
import io.jslurm.slurmctld.schedule.NodeReports;
import io.jslurm.slurmctld.schedule.SchedulingLoop;
import io.jslurm.slurmctld.schedule.AccountingQosPreempt;
import io.jslurm.conf.slurm.PriorityPlugin;
import io.jslurm.slurmctld.accounting.DbdEndpoint;
import io.jslurm.slurmctld.fairshare.AssociationSource;
import io.jslurm.slurmctld.fairshare.CachedAssociationSource;
import io.jslurm.slurmctld.fairshare.FairShareService;
import io.jslurm.slurmctld.fairshare.MultifactorJobPriority;
import io.jslurm.slurmctld.fairshare.PriorityHandlers;
import io.jslurm.slurmctld.schedule.JobPriority;
import io.jslurm.slurmctld.schedule.SlurmdClients;
import io.jslurm.slurmctld.state.JobStore;
import io.jslurm.slurmctld.stats.CountingJobStore;
import io.jslurm.slurmctld.stats.Statistics;
import io.jslurm.slurmctld.stats.StatsHandlers;
import io.jslurm.slurmctld.step.StepHandlers;
import io.jslurm.slurmctld.state.JobStoreConfig;
import io.jslurm.slurmctld.accounting.AccountedJobStore;
import io.jslurm.slurmctld.accounting.JobBilling;
import io.jslurm.slurmctld.accounting.NodeEventRecorder;
import io.jslurm.slurmctld.state.JournaledJobStore;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * slurmctld's parts wired together: the job store under StateSaveLocation, the node table, the scheduling loop,
 * and the RPC server on SlurmctldPort. {@link #close} stops them in reverse order, leaving a snapshot behind.
 */
public final class Controller implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Controller.class);

    private final AtomicReference<ClusterConfig> config;
    private final JobStore store;
    private final NodeTable nodes;
    private final SchedulingLoop loop;
    private final SlurmdClients slurmd;
    private final ThreadPoolExecutor workers;
    private final RpcServer server;
    private final Object reconfigureLock = new Object();
    private final AssocCache assoc;

    /**
     * How to start.
     *
     * @param bind where to listen; port 0 picks a free port (tests)
     * @param schedulerInterval how often the loop runs without being asked
     * @param startLoop false leaves the loop to the caller ({@link #loop()}), for tests with a manual clock
     */
    public record Options(InetSocketAddress bind, long slurmUserUid, long slurmdUserUid, UserGroups groups,
                          Duration schedulerInterval, boolean startLoop) {
        public Options {
            Objects.requireNonNull(bind, "bind");
            Objects.requireNonNull(groups, "groups");
            Objects.requireNonNull(schedulerInterval, "schedulerInterval");
        }
    }

    private Controller(AtomicReference<ClusterConfig> config, JobStore store, NodeTable nodes, SchedulingLoop loop,
                       SlurmdClients slurmd, ThreadPoolExecutor workers, RpcServer server, AssocCache assoc) {
        this.assoc = assoc;
        this.config = config;
        this.store = store;
        this.nodes = nodes;
        this.loop = loop;
        this.slurmd = slurmd;
        this.workers = workers;
        this.server = server;
    }

    public static Controller start(ClusterConfig initial, SlurmKey key, InstantSource clock, Options options)
            throws InterruptedException {
        AtomicReference<ClusterConfig> config = new AtomicReference<>(initial);
        var slurm = initial.slurm();
        JobStoreConfig storeConfig = JobStoreConfig.defaults(slurm.paths().stateSaveLocation())
                .withJobIds(slurm.limits().firstJobId(), Math.max(slurm.limits().maxJobId(),
                        slurm.limits().firstJobId() + 1))
                .withMinJobAge(slurm.timers().minJobAge());
        JobStore accounted;
        try {
            accounted = AccountedJobStore.withAccounting(JournaledJobStore.open(storeConfig, clock), slurm, key,
                    options.slurmUserUid(), clock, new JobBilling(() -> config.get().slurm()));
        } catch (java.io.IOException unqueueable) {
            throw new java.io.UncheckedIOException("cannot open the accounting queue", unqueueable);
        }
        Statistics statistics = new Statistics(clock);
        JobStore store = new CountingJobStore(accounted, statistics.jobs());
        Allocations allocations = new Allocations();
        NodeEventRecorder nodeEvents = new NodeEventRecorder(AccountedJobStore.nodeEventsOf(accounted),
                slurm.clusterName(), node -> !allocations.jobsOn(Set.of(node)).isEmpty(), options.slurmUserUid(), clock);
        NodeTable nodes = new NodeTable(slurm.nodes(), slurm.timers().slurmdTimeout(),
                slurm.limits().returnToService(), clock, new NodeStateFile(slurm.paths().stateSaveLocation()),
                nodeEvents);
        Duration messageTimeout = slurm.timers().messageTimeout().isZero() ? Duration.ofSeconds(10)
                : slurm.timers().messageTimeout();
        SlurmdClients slurmd = new SlurmdClients(AuthMethods.daemonCredentials(slurm, key, clock, options.slurmUserUid(), 0, LocalHost.name()),
                () -> config.get().slurm().slurmdPort(), messageTimeout, 8);
        NodeReports nodeReports = new NodeReports();
        JobControl control = new JobControl(store, allocations, nodes, slurmd, config::get, clock, nodeReports);
        control.recoverAllocations();
        nodeEvents.current(nodes.all());
        AtomicReference<InetSocketAddress> listening = new AtomicReference<>();
        AssocCache assoc = AssocSetup.start(slurm, key, clock, options.slurmUserUid(),
                () -> java.util.Optional.ofNullable(listening.get()));
        FairShareService fairShare = FairShareService.open(DbdEndpoint.of(slurm, key, options.slurmUserUid(), clock)
                .<AssociationSource>map(dbd -> new CachedAssociationSource(assoc::data))
                .orElse(AssociationSource.NONE), config::get, clock);
        JobAccounts accounts = new JobAccounts(assoc::data, () -> config.get().slurm().accounting().enforce(),
                fairShare::tresUsage, new JobBilling(() -> config.get().slurm())::limitTres);
        MultifactorJobPriority multifactor = new MultifactorJobPriority(config::get, fairShare);
        JobPriority priority = (job, now) -> config.get().slurm().priority().type() == PriorityPlugin.MULTIFACTOR
                ? multifactor.priority(job, now) : JobPriority.BASIC.priority(job, now);
        ReservationTable reservations = new ReservationTable(new LiveCluster(nodes, config::get, allocations, control),
                new ReservationFile(slurm.paths().stateSaveLocation()), clock);
        SchedulingLoop loop = new SchedulingLoop(control, nodes, allocations, config::get, clock,
                options.schedulerInterval(), new SchedulingLoop.Policies(statistics.scheduler(),
                        new AccountingQosPreempt(assoc::data), accounts, priority, () -> fairShare.update(store))
                        .withReservations(reservations::forScheduler));
        // A pushed sacctmgr change: fair share rereads its tree, and pending jobs are looked at again.
        assoc.whenChanged(() -> {
            fairShare.associationsChanged();
            loop.requestPass();
        });
        Callers callers = new Callers(options.slurmUserUid(), options.slurmdUserUid(), assoc);
        SubmitValidator validator = new SubmitValidator(config::get, nodes, store, options.groups(), callers,
                accounts, reservations);
        ThreadPoolExecutor workers = workers();
        JobHandlers jobs = new JobHandlers(control, loop, validator, allocations, callers, clock, workers);
        Controller[] self = new Controller[1];
        ControlHandlers controlHandlers = new ControlHandlers(config::get, () -> self[0].reconfigure(),
                change -> self[0].change(change), clock);
        StepHandlers steps = new StepHandlers(control, loop, validator, allocations, nodes, callers,
                new StepCredentials(key), () -> config.get().slurm().slurmdPort(), clock,
                AccountedJobStore.stepsOf(accounted),
                (node, request) -> slurmd.ask(node, request, io.jslurm.protocol.proto.NodeStepStat.class));
        NodeHandlers nodeHandlers = new NodeHandlers(nodes, control, loop, allocations, slurmd, config::get, clock,
                AccountedJobStore.stepsOf(accounted), nodeReports, steps::usageReported, reservations::activeNodes);
        StatsHandlers stats = new StatsHandlers(statistics, store, new StatsHandlers.Gauges(workers::getActiveCount,
                slurmd::queued, slurmd::active, accounted instanceof AccountedJobStore a ? a::backlog : () -> 0,
                assoc::holdsCopy),
                callers, clock);
        RpcServer server;
        try {
            server = RpcServer.start(RpcServerConfig.defaults(options.bind()).withMaxConnectionsPerHost(4096),
                    ControllerRpc.tables(jobs, nodeHandlers, controlHandlers, steps, stats, clock,
                            new PriorityHandlers(store, multifactor, fairShare, config::get, clock),
                            new AssocPushHandler(assoc, () -> config.get().slurm().clusterName()),
                            new ReservationHandlers(reservations, clock, loop::requestPass)).stream()
                            .map(table -> table.observed(statistics.rpc())).toList(),
                    AuthMethods.authenticator(slurm, key, clock), callers, workers);
        } catch (InterruptedException | RuntimeException e) {
            workers.shutdownNow();
            assoc.close();
            slurmd.close();
            store.close();
            throw e;
        }
        self[0] = new Controller(config, store, nodes, loop, slurmd, workers, server, assoc);
        // Registered with slurmdbd now that there is a port for its pushes (each later poll registers again).
        listening.set(server.localAddress());
        assoc.refreshSoon();
        if (options.startLoop()) {
            loop.start();
        }
        loop.requestPass();
        log.info("slurmctld running on {}: {} nodes, {} partitions, {} jobs, next job id {}", server.localAddress(),
                slurm.nodes().size(), slurm.partitions().size(), store.size(), store.nextJobId());
        return self[0];
    }

    /** Handlers wait on the journal's fsync, so there are enough of them to share one between many clients. */
    private static ThreadPoolExecutor workers() {
        AtomicInteger count = new AtomicInteger();
        return new ThreadPoolExecutor(64, 64, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(16_384), runnable -> {
            Thread thread = new Thread(runnable, "slurmctld-rpc-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Rereads slurm.conf; the whole new configuration is checked before anything changes, and the old one stays
     * in force when it has errors.
     */
    public void reconfigure() throws ConfException {
        synchronized (reconfigureLock) {
            ClusterConfig old = config.get();
            ClusterConfig fresh;
            try {
                fresh = ClusterConfig.load(old.slurmConf());
            } catch (ConfException e) {
                log.error("Reconfigure failed, keeping the running configuration: {}", e.getMessage());
                throw e;
            }
            if (!fresh.slurm().slurmctldPort().equals(old.slurm().slurmctldPort())
                    || !fresh.slurm().paths().stateSaveLocation().equals(old.slurm().paths().stateSaveLocation())) {
                log.warn("SlurmctldPort and StateSaveLocation changes take effect at the next restart");
            }
            fresh.loaded().warnings().forEach(w -> log.warn("{}", w));
            config.set(fresh);
            nodes.reconfigure(fresh.slurm().nodes(), fresh.slurm().timers().slurmdTimeout(),
                    fresh.slurm().limits().returnToService());
            log.info("Reconfigured from {}: {} nodes, {} partitions", fresh.slurmConf(), fresh.slurm().nodes().size(),
                    fresh.slurm().partitions().size());
            loop.requestPass();
        }
    }

    /** A change made through RPC (scontrol update partition): in force until the next reconfigure or restart. */
    void change(ControlHandlers.ConfigChange change) throws io.jslurm.protocol.RpcException {
        synchronized (reconfigureLock) {
            ClusterConfig changed = change.apply(config.get());
            config.set(changed);
        }
        loop.requestPass();
    }

    public InetSocketAddress address() {
        return server.localAddress();
    }

    public JobStore store() {
        return store;
    }

    public NodeTable nodes() {
        return nodes;
    }

    public SchedulingLoop loop() {
        return loop;
    }

    /** Accounting's users, QOS and associations as the controller holds them. */
    public AssocCache associations() {
        return assoc;
    }

    public ClusterConfig config() {
        return config.get();
    }

    @Override
    public void close() {
        log.info("slurmctld shutting down");
        server.close();
        loop.close();
        workers.shutdown();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        assoc.close();
        slurmd.close();
        store.close();
        log.info("slurmctld stopped");
    }
}
