package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.auth.StepCredentials;
import io.jslurm.slurmd.step.StepTasks;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.conf.slurm.PortRange;
import io.jslurm.protocol.auth.AuthInfo;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.CredentialService;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.RunningJob;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.common.Version;
import io.jslurm.slurmd.cgroup.CgroupBase;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.CgroupVersion;
import io.jslurm.slurmd.cgroup.Cgroups;
import io.jslurm.slurmd.cgroup.MigrationWait;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.hw.CpuTopology;
import io.jslurm.slurmd.step.GpuAffinity;
import io.jslurm.slurmd.hw.HostFiles;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.launch.JobCompletion;
import io.jslurm.slurmd.launch.JobRunner;
import io.jslurm.slurmd.launch.NodeContext;
import io.jslurm.slurmd.launch.RunnerConfig;
import io.jslurm.slurmd.launch.TaskExec;
import io.jslurm.slurmd.launch.UserSwitch;
import io.jslurm.slurmd.prolog.HookSettings;
import io.jslurm.slurmd.prolog.JobHookContext;
import io.jslurm.slurmd.prolog.JobHooks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node daemon: takes back the jobs a previous slurmd left, serves the controller's requests,
 * and reports registration, heartbeats and job ends. Stopping it leaves running jobs alone.
 */
public final class Slurmd implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Slurmd.class);
    private static final int WORKERS = 4;
    /** How much longer than KillWait an epilog waits for the job's processes to be gone. */
    private static final java.time.Duration EPILOG_EXTRA_WAIT = java.time.Duration.ofSeconds(20);

    /**
     * What a slurmd starts from.
     *
     * @param slurmConf  the file the configuration was read from (SLURM_CONF of jobs)
     * @param hostName   this host's short name, for registration
     * @param clearState {@code -c}: do not take back jobs, forget undelivered completions
     */
    public record Setup(LoadedConfig config, Path slurmConf, NodeIdentity identity, DaemonFiles files, String hostName,
                        NodeHardware hardware, GpuDetection gpus, SlurmKey key, InstantSource clock,
                        boolean clearState, ReportTiming timing) {
        public Setup {
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(slurmConf, "slurmConf");
            Objects.requireNonNull(identity, "identity");
            Objects.requireNonNull(files, "files");
            Objects.requireNonNull(hostName, "hostName");
            Objects.requireNonNull(hardware, "hardware");
            Objects.requireNonNull(gpus, "gpus");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(timing, "timing");
        }
    }

    private final Setup setup;
    private final List<Gpu> gpus;
    private final long startTime;
    private final PidFile pidFile;
    private final ScheduledExecutorService scheduler;
    private final ThreadPoolExecutor workers;
    private CompletionQueue completions;
    private JobRunner runner;
    private StepTasks steps;
    private final java.util.concurrent.ExecutorService stepThreads =
            Executors.newCachedThreadPool(named("slurmd-step"));
    private final java.util.concurrent.ExecutorService hookThreads =
            Executors.newCachedThreadPool(named("slurmd-prolog"));
    private ControllerReporter reporter;
    private NodeRpcHandlers handlers;
    private RpcServer server;
    private Optional<CredentialService> credentialService = Optional.empty();

    private Slurmd(Setup setup, PidFile pidFile) {
        this.setup = setup;
        this.pidFile = pidFile;
        this.gpus = NodeGpus.of(setup.gpus(), setup.config().gres(), setup.identity().name(),
                setup.hardware().topology());
        this.startTime = setup.clock().instant().getEpochSecond();
        this.scheduler = Executors.newScheduledThreadPool(2, named("slurmd-jobs"));
        this.workers = new ThreadPoolExecutor(WORKERS, WORKERS, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(1024), named("slurmd-rpc"));
    }

    public static Slurmd start(Setup setup) throws IOException, InterruptedException {
        Files.createDirectories(setup.files().spoolDir());
        Slurmd slurmd = new Slurmd(setup, PidFile.create(setup.files().pidFile()));
        try {
            slurmd.startParts();
            return slurmd;
        } catch (IOException | InterruptedException | RuntimeException e) {
            slurmd.close();
            throw e;
        }
    }

    private void startParts() throws IOException, InterruptedException {
        String name = setup.identity().name();
        LoadedConfig config = setup.config();
        completions = CompletionQueue.open(setup.files().spoolDir(), setup.clock().instant());
        ControllerLink link = new ControllerLink(controllers(), setup.timing().requestTimeout(),
                AuthMethods.daemonCredentials(config.slurm(), setup.key(), setup.clock(), 0, 0, setup.hostName()));
        reporter = new ControllerReporter(link, completions, this::registration, this::heartbeat,
                setup.timing().retry(), setup.timing().heartbeat());
        boolean root = UserSwitch.effectiveUid() == 0;
        CgroupManager cgroups = Cgroups.openForDaemon(config.cgroup(), CgroupLayout.forNode(name), HostFiles.real(),
                CgroupBase.HIERARCHY_ROOT, root, setup.files().spoolDir().resolve("nocgroup"));
        if (cgroups.version() == CgroupVersion.NONE) {
            LOG.warn("not root and the cgroup hierarchy is not writable: jobs run as this user without cgroup"
                    + " confinement of cores, memory or GPU devices, are tracked by session and process tree,"
                    + " and report no CPU or memory usage");
        }
        if (MigrationWait.launchesMoveProcesses(cgroups.version(),
                HostFiles.real().readOptional("proc/sys/kernel/osrelease").orElse(""), TaskExec.knowsSystemCalls())) {
            MigrationWait.check(HostFiles.real()).ifPresent(LOG::warn);
        }
        runner = new JobRunner(new RunnerConfig(setup.files().spoolDir(),
                new NodeContext(setup.slurmConf(), config.cgroup().constrainDevices()), config.slurm().timers().killWait()),
                cgroups, setup.clock(), scheduler, this::jobEnded);
        // Hooks before the jobs are taken back: a job that ended meanwhile gets its TaskEpilog, and its Epilog
        // what its launch said, as after a normal end.
        HookSettings hookSettings = HookSettings.of(config.slurm());
        runner.taskScripts(hookSettings);
        JobHooks hooks = new JobHooks(hookSettings,
                new NodeHookFailures(name, controllers(), setup.timing().requestTimeout(),
                        AuthMethods.daemonCredentials(config.slurm(), setup.key(), setup.clock(), 0, 0,
                                setup.hostName())),
                jobId -> handlers != null && handlers.jobActive(jobId),
                config.slurm().timers().killWait().plus(EPILOG_EXTRA_WAIT), hookThreads);
        String cluster = config.slurm().clusterName();
        if (setup.clearState()) {
            LOG.info("-c: {} undelivered completions forgotten, jobs of a previous slurmd not taken back",
                    completions.clear());
        } else {
            List<Long> taken = runner.reattach((jobId, env) -> hooks.remember(
                    JobHookContext.ofBatchEnvironment(jobId, env, cluster, name, setup.slurmConf())));
            if (!taken.isEmpty()) {
                LOG.info("took back {} running jobs: {}", taken.size(), taken);
            }
        }
        steps = new StepTasks(name, new StepCredentials(setup.key()), cgroups,
                jobId -> runner.status(jobId).isPresent(), setup.clock(), stepThreads);
        CpuTopology topology = setup.hardware().topology();
        steps.taskScripts(hookSettings);
        steps.taskExec(io.jslurm.slurmd.launch.TaskExec.install(setup.files().spoolDir()));
        steps.stepEnds(this::stepEnded);
        steps.prologGate((layout, nodeIndex) -> hooks.awaitProlog(new JobHookContext(
                Integer.toUnsignedLong(layout.getJobId()), Integer.toUnsignedLong(layout.getUid()),
                Integer.toUnsignedLong(layout.getGid()), layout.getUserName(), layout.getNodeList(), "", "", "",
                cluster, name, setup.slurmConf())));
        JobConfinement confinement = new JobConfinement(config.cgroup(), topology, setup.hardware().realMemoryMiB(),
                gpus);
        steps.gpuAffinity(GpuAffinity.of(gpus, topology));
        steps.stepDevices(new StepTasks.StepDevices() {
            @Override
            public boolean confined() {
                return confinement.constrainsDevices();
            }

            @Override
            public io.jslurm.slurmd.cgroup.CgroupLimits limitsFor(List<Integer> gpuIndices, long memoryMb) {
                return confinement.limitsForStep(gpuIndices, memoryMb);
            }

            @Override
            public io.jslurm.slurmd.cgroup.CgroupLimits jobLimitsFor(String cores, long memoryMb,
                                                                     List<Integer> gpuIndices) {
                return confinement.limitsForJob(cores, memoryMb, gpuIndices);
            }
        });
        handlers = new NodeRpcHandlers(name, cluster, runner, confinement,
                completions, steps, setup.clock(), hooks, setup.slurmConf(), this::jobEnded);
        if (config.slurm().launch().prologFlags().contains(io.jslurm.conf.slurm.PrologFlag.CONTAIN)) {
            handlers.contain(new ContainedJobs(cgroups, jobId -> handlers.jobActive(jobId),
                    config.slurm().timers().killWait().plus(EPILOG_EXTRA_WAIT), hookThreads));
            steps.keepJobCgroups();
        }
        long slurmUserUid = SlurmUsers.uidOf(config.slurm().slurmUser());
        server = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress(setup.identity().port())),
                List.of(handlers.table()), AuthMethods.authenticator(config.slurm(), setup.key(), setup.clock()),
                Authorizer.slurmUserOnly(slurmUserUid), workers);
        // Users of this node who cannot read slurm.key get their credentials here (srun, scancel in jobs).
        credentialService = AuthMethods.credentialService(config.slurm(), setup.key(), setup.clock(),
                AuthInfo.of(config.slurm(), setup.slurmConf()).credentialSocket(), LocalHost.name());
        reporter.start();
        LOG.info("slurmd {} started as node {} on port {} (spool {}, pid {})", Version.current(), name,
                server.localAddress().getPort(), setup.files().spoolDir(), ProcessHandle.current().pid());
    }

    /** Where the controller's requests are served. */
    public InetSocketAddress localAddress() {
        return server.localAddress();
    }

    public List<Long> runningJobs() {
        return runner.jobIds();
    }

    /** Every SlurmctldHost, primary first, on each port of SlurmctldPort (which may be a range). */
    private List<InetSocketAddress> controllers() {
        PortRange ports = setup.config().slurm().slurmctldPort();
        return setup.config().slurm().controllers().stream()
                .flatMap(controller -> IntStream.rangeClosed(ports.first(), ports.last())
                        .mapToObj(port -> new InetSocketAddress(controller.connectTo(), port)))
                .toList();
    }

    /** The job runner's completion callback: durable before the job's spool goes. */
    private void jobEnded(JobCompletion completion) {
        JobComplete report = CompletionReports.of(completion, setup.identity().name(), setup.clock().instant());
        try {
            // Delivered while its file is written: the spool stays until offer() returns.
            completions.offer(report, this::nudgeReporter);
        } catch (IOException e) {
            LOG.error("job {}: cannot queue its completion: {}", completion.jobId(), e.getMessage());
            throw new UncheckedIOException(e);
        }
    }

    private void nudgeReporter() {
        if (reporter != null) {
            reporter.nudge();
        }
    }

    /** A step's end here, with its cgroup's usage: queued like a job's end, for the step's accounting. */
    private void stepEnded(StepTasks.StepEnd end) {
        try {
            completions.offer(CompletionReports.ofStep(end, setup.identity().name(), setup.clock().instant()),
                    this::nudgeReporter);
        } catch (IOException e) {
            LOG.error("step {}.{}: cannot queue its end: {}", end.jobId(), Integer.toUnsignedString(end.stepId()),
                    e.getMessage());
        }
    }

    private NodeRegistration registration() {
        NodeHardware hw = setup.hardware();
        CpuTopology t = hw.topology();
        return NodeRegistration.newBuilder()
                .setNodeName(setup.identity().name())
                .setHostname(setup.hostName())
                .setSlurmdPort(server == null ? setup.identity().port() : server.localAddress().getPort())
                .setHardware(io.jslurm.protocol.proto.NodeHardware.newBuilder()
                        .setCpus(t.cpuCount())
                        .setBoards(t.boards())
                        .setSockets(t.boards() * t.socketsPerBoard())
                        .setCoresPerSocket(t.coresPerSocket())
                        .setThreadsPerCore(t.threadsPerCore())
                        .setRealMemoryMb(hw.realMemoryMiB())
                        .setTmpDiskMb(hw.tmpDiskMiB())
                        .setCpuArch(System.getProperty("os.arch", "")))
                .addAllGpus(gpus)
                .setVersion(Version.current())
                .setBootTime(setup.clock().instant().getEpochSecond() - hw.uptime().seconds())
                .setSlurmdStartTime(startTime)
                .setOs(System.getProperty("os.name", "") + " " + System.getProperty("os.version", ""))
                .setFeaturesActive(String.join(",", setup.identity().node().features()))
                .addAllRunningJobs(runningOrUnreported())
                .build();
    }

    /**
     * The registration's jobs: those running here, and those that ended (a job taken back after a restart may
     * have ended while slurmd was down) whose completion the controller has not had yet. The registration goes
     * before the completions, and a job it lacks would be taken as lost with the node and requeued.
     */
    private List<RunningJob> runningOrUnreported() {
        java.util.Set<Long> ids = new java.util.TreeSet<>(runner.jobIds());
        completions.pending().stream().filter(end -> !end.hasStepId())
                .forEach(end -> ids.add(Integer.toUnsignedLong(end.getJobId())));
        return ids.stream().map(id -> RunningJob.newBuilder().setJobId(id.intValue()).build()).toList();
    }

    private NodeHeartbeat heartbeat() {
        return NodeHeartbeat.newBuilder()
                .setNodeName(setup.identity().name())
                .setTime(setup.clock().instant().getEpochSecond())
                .addAllRunningJobs(running())
                .build();
    }

    private List<RunningJob> running() {
        return runner.jobIds().stream().map(id -> RunningJob.newBuilder().setJobId(id.intValue()).build()).toList();
    }

    /** Stops serving and reporting; running jobs go on under their wrappers. */
    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
        credentialService.ifPresent(CredentialService::close);
        if (reporter != null) {
            reporter.close();
        }
        if (runner != null) {
            runner.shutdown();
        }
        if (steps != null) {
            steps.close();
        }
        stepThreads.shutdownNow();
        hookThreads.shutdownNow();
        scheduler.shutdownNow();
        workers.shutdownNow();
        pidFile.close();
        LOG.info("slurmd stopped; running jobs continue");
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
