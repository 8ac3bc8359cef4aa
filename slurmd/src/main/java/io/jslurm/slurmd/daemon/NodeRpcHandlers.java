package io.jslurm.slurmd.daemon;

import io.jslurm.slurmd.step.StepTasks;
import com.google.protobuf.Message;
import io.jslurm.common.signal.Signal;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.LaunchTasks;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.PrologLaunch;
import io.jslurm.protocol.proto.NodeStepStat;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.SignalJob;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.common.Version;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.launch.BatchLaunch;
import io.jslurm.slurmd.launch.ExitStatus;
import io.jslurm.slurmd.launch.JobCompletion;
import io.jslurm.slurmd.launch.JobRunner;
import io.jslurm.slurmd.launch.JobState;
import io.jslurm.slurmd.prolog.JobHookContext;
import io.jslurm.slurmd.prolog.JobHooks;
import io.jslurm.slurmd.prolog.ScriptResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What slurmd serves to the controller: launch, signal and terminate a job, and ping. Every route
 * needs root or SlurmUser. A job id is launched at most once while it runs here.
 */
final class NodeRpcHandlers {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRpcHandlers.class);

    private final String nodeName;
    private final String clusterName;
    private final JobRunner runner;
    private final JobConfinement confinement;
    private final CompletionQueue completions;
    private final StepTasks steps;
    private final InstantSource clock;
    private final JobHooks hooks;
    private final Path slurmConf;
    private final Consumer<JobCompletion> launchFailed;
    /** PrologFlags=Contain: the job's cgroup lives from allocation to end; null without it. */
    private volatile ContainedJobs contained;
    private final Object launchLock = new Object();
    /** Batch jobs waiting for their prolog here; guarded by launchLock. */
    private final Set<Long> inProlog = new HashSet<>();
    /** Jobs in {@link #inProlog} ended before their prolog did; guarded by launchLock. */
    private final Set<Long> endedInProlog = new HashSet<>();

    NodeRpcHandlers(String nodeName, String clusterName, JobRunner runner, JobConfinement confinement,
                    CompletionQueue completions, StepTasks steps, InstantSource clock) {
        this(nodeName, clusterName, runner, confinement, completions, steps, clock, null, Path.of("/"),
                completion -> { });
    }

    /**
     * @param hooks        Prolog and Epilog; null for none
     * @param launchFailed reports a batch job that could not start after its prolog
     */
    NodeRpcHandlers(String nodeName, String clusterName, JobRunner runner, JobConfinement confinement,
                    CompletionQueue completions, StepTasks steps, InstantSource clock, JobHooks hooks,
                    Path slurmConf, Consumer<JobCompletion> launchFailed) {
        this.hooks = hooks;
        this.slurmConf = Objects.requireNonNull(slurmConf, "slurmConf");
        this.launchFailed = Objects.requireNonNull(launchFailed, "launchFailed");
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.clusterName = Objects.requireNonNull(clusterName, "clusterName");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.confinement = Objects.requireNonNull(confinement, "confinement");
        this.completions = Objects.requireNonNull(completions, "completions");
        this.steps = Objects.requireNonNull(steps, "steps");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    RpcTable table() {
        return RpcTable.builder(EnvelopeType.NODE)
                .route(Ping.class, Permission.SLURM_USER, Execution.EVENT_LOOP, call -> Pong.newBuilder()
                        .setServerTimeMs(clock.millis()).setServerVersion(Version.current()).build())
                .route(LaunchBatchJob.class, Permission.SLURM_USER, Execution.WORKER, this::launch)
                .route(SignalJob.class, Permission.SLURM_USER, Execution.WORKER, this::signal)
                .route(TerminateJob.class, Permission.SLURM_USER, Execution.WORKER, this::terminate)
                .route(SuspendJob.class, Permission.SLURM_USER, Execution.WORKER, this::suspend)
                // srun brings the controller's signed step layout; StepTasks checks it and the caller.
                .route(LaunchTasks.class, Permission.USER, Execution.WORKER, this::launchTasks)
                .route(PrologLaunch.class, Permission.SLURM_USER, Execution.WORKER, this::prolog)
                .route(StepStatRequest.class, Permission.SLURM_USER, Execution.WORKER, this::stepStat)
                .build();
    }

    private Message launch(RpcCall<LaunchBatchJob> call) throws RpcException {
        long received = System.nanoTime();
        LaunchBatchJob request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        BatchLaunch launch;
        CgroupLimits limits;
        try {
            launch = LaunchRequests.toBatchLaunch(request, nodeName, clusterName, clock.instant());
            limits = confinement.limitsFor(request, nodeName);
        } catch (IllegalArgumentException e) {
            LOG.error("job {}: launch refused: {}", jobId, e.getMessage());
            throw new RpcException(SlurmdErrors.ESLURMD_SETUP_ENVIRONMENT_ERROR,
                    "Unable to set up job environment: " + e.getMessage());
        }
        synchronized (launchLock) {
            if (runner.status(jobId).isPresent() || inProlog.contains(jobId)) {
                LOG.warn("job {}: launch refused, it already runs here", jobId);
                throw new RpcException(SlurmdErrors.ESLURM_DUPLICATE_JOB_ID,
                        "Duplicate job id: job " + jobId + " already runs on " + nodeName);
            }
            if (hooks != null && hooks.settings().prolog().isPresent()) {
                // The prolog may take minutes (image caching): the controller gets its answer now, and a
                // failure comes back as a drained node and a requeued job, as in Slurm.
                inProlog.add(jobId);
                endedInProlog.remove(jobId);
                hooks.prolog(context(launch)).whenComplete((result, error) -> afterProlog(launch, limits, result));
                LOG.info("job {}: launch request accepted; prolog running", jobId);
                return Ack.getDefaultInstance();
            }
            if (hooks != null) {
                hooks.prolog(context(launch));
            }
            startBatch(launch, limits);
        }
        LOG.info("job {}: launch request served in {} us", jobId, (System.nanoTime() - received) / 1000);
        return Ack.getDefaultInstance();
    }

    /** PrologFlags=Alloc: the prolog starts now; a failure drains the node and requeues the job (JobHooks). */
    private Message prolog(RpcCall<PrologLaunch> call) {
        LaunchBatchJob job = call.request().getJob();
        if (hooks == null) {
            return Ack.getDefaultInstance();
        }
        long jobId = Integer.toUnsignedLong(job.getJobId());
        if (contained != null) {
            contained.allocated(job, confinement.limitsFor(job, nodeName));
        }
        hooks.prolog(new JobHookContext(jobId, Integer.toUnsignedLong(job.getUid()),
                Integer.toUnsignedLong(job.getGid()), job.getUserName(), job.getNodeList(), job.getPartition(),
                job.getAccount(), job.getJobName(), clusterName, nodeName, slurmConf));
        LOG.info("job {}: prolog started at allocation", Integer.toUnsignedLong(job.getJobId()));
        return Ack.getDefaultInstance();
    }

    private void startBatch(BatchLaunch launch, CgroupLimits limits) throws RpcException {
        long jobId = launch.jobId();
        try {
            completions.startOver((int) jobId);
            runner.launch(launch, limits);
        } catch (IOException | CgroupException e) {
            LOG.error("job {}: launch failed: {}", jobId, e.getMessage());
            throw new RpcException(SlurmdErrors.ESLURMD_CREATE_BATCH_DIR_ERROR,
                    "Unable to create job batch directory or cgroup: " + e.getMessage());
        } catch (IllegalStateException | IllegalArgumentException e) {
            LOG.error("job {}: launch failed: {}", jobId, e.getMessage());
            throw new RpcException(SlurmdErrors.ESLURMD_SETUP_ENVIRONMENT_ERROR,
                    "Unable to set up job environment: " + e.getMessage());
        }
    }

    /** The batch script starts once its prolog succeeded, unless the job was ended meanwhile. */
    private void afterProlog(BatchLaunch launch, CgroupLimits limits, ScriptResult result) {
        long jobId = launch.jobId();
        synchronized (launchLock) {
            inProlog.remove(jobId);
            boolean ended = endedInProlog.remove(jobId);
            boolean failed = result == null || !result.succeeded();
            if (ended || failed) {
                // Ended by the controller meanwhile, or the prolog failed (JobHooks has drained the node and had
                // the job requeued): either way the controller keeps a requeued job until its node says the run
                // is over, so say so; it never started here. A report for a job already ended is ignored there.
                LOG.info("job {}: {}; not started", jobId, ended ? "ended while its prolog ran" : "prolog failed");
                launchFailed.accept(new JobCompletion(jobId, JobState.FAILED, new ExitStatus(1, 0), Optional.empty(),
                        Optional.of(failed ? "Job prolog failed" : "Job ended before its prolog finished")));
                return;
            }
            try {
                startBatch(launch, limits);
            } catch (RpcException e) {
                launchFailed.accept(new JobCompletion(jobId, JobState.FAILED, new ExitStatus(1, 0), Optional.empty(),
                        Optional.of(e.getMessage())));
            }
        }
    }

    private JobHookContext context(BatchLaunch launch) {
        return new JobHookContext(launch.jobId(), Integer.toUnsignedLong(launch.user().uid()),
                Integer.toUnsignedLong(launch.user().gid()), launch.user().name(), launch.allocation().nodeList().ranged(),
                launch.partition(), launch.account(), launch.jobName(), clusterName, nodeName, slurmConf);
    }

    /** PrologFlags=Contain; set once at start, before requests are served. */
    void contain(ContainedJobs jobs) {
        this.contained = Objects.requireNonNull(jobs, "jobs");
    }

    /** Whether anything of the job runs or is about to start here. */
    boolean jobActive(long jobId) {
        synchronized (launchLock) {
            if (inProlog.contains(jobId) && !endedInProlog.contains(jobId)) {
                return true;
            }
        }
        return runner.status(jobId).isPresent() || steps.hasSteps(jobId);
    }

    private Message signal(RpcCall<SignalJob> call) throws RpcException {
        SignalJob request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        if (runner.status(jobId).isEmpty()) {
            throw new RpcException(SlurmdErrors.ESLURM_INVALID_JOB_ID,
                    "Invalid job id specified: job " + jobId + " does not run on " + nodeName);
        }
        if (request.getSignal() < 1 || request.getSignal() > Signal.MAX_NUMBER) {
            throw new RpcException(SlurmdErrors.EINVAL, "Invalid signal: " + request.getSignal());
        }
        // As in Slurm, a signal other than SIGKILL reaches the batch shell only with --batch (the shell alone) or
        // --full (the shell, its children and every step); otherwise it goes to the job's steps only.
        boolean wholeJob = request.getFull() || request.getSignal() == Signal.KILL.number();
        try {
            if (request.getBatchShellOnly() || wholeJob) {
                runner.signal(jobId, new Signal(request.getSignal()), request.getBatchShellOnly());
            } else {
                steps.signalJob(jobId, request.getSignal());
            }
        } catch (IllegalArgumentException e) {
            // It ended between the check and the signal.
            throw new RpcException(SlurmdErrors.ESLURM_INVALID_JOB_ID, "Invalid job id specified: " + e.getMessage());
        }
        LOG.info("job {}: signal {} delivered{}", jobId, request.getSignal(),
                request.getBatchShellOnly() ? " to the batch shell" : wholeJob ? "" : " to its steps");
        return Ack.getDefaultInstance();
    }

    private Message suspend(RpcCall<SuspendJob> call) throws RpcException {
        SuspendJob request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        try {
            if (runner.status(jobId).isEmpty()) {
                // No batch script here (salloc, srun alone, or a batch job's other nodes): the job's cgroup, with
                // all its steps, is frozen or thawed all the same.
                if (!steps.suspendJob(jobId, request.getResume())) {
                    throw new IllegalArgumentException("job " + jobId + " does not run on " + nodeName);
                }
            } else if (request.getResume()) {
                runner.resume(jobId);
            } else {
                runner.suspend(jobId);
            }
        } catch (IllegalArgumentException e) {
            throw new RpcException(SlurmdErrors.ESLURM_INVALID_JOB_ID, "Invalid job id specified: " + e.getMessage());
        } catch (CgroupException e) {
            LOG.error("job {}: {} failed: {}", jobId, request.getResume() ? "resume" : "suspend", e.getMessage());
            throw new RpcException(SlurmdErrors.EINVAL, e.getMessage());
        }
        return Ack.getDefaultInstance();
    }

    private Message terminate(RpcCall<TerminateJob> call) {
        TerminateJob request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        steps.terminateJob(jobId, java.time.Duration.ofSeconds(request.getKillWaitSeconds()));
        if (contained != null) {
            contained.ended(jobId);
        }
        if (hooks != null) {
            hooks.jobEnded(jobId, JobHookContext.onlyId(jobId, clusterName, nodeName, slurmConf));
        }
        // Under the launch lock, so that a launch of this job in progress finishes first and is ended.
        synchronized (launchLock) {
            if (inProlog.contains(jobId)) {
                endedInProlog.add(jobId);
                LOG.info("job {}: terminate request while its prolog runs; it will not start", jobId);
                return Ack.getDefaultInstance();
            }
            if (runner.status(jobId).isEmpty()) {
                LOG.info("job {}: terminate request for a job not running here; acknowledged", jobId);
                return Ack.getDefaultInstance();
            }
            try {
                runner.cancel(jobId);
                LOG.info("job {}: terminating{}", jobId,
                        request.getReason().isEmpty() ? "" : " (" + request.getReason() + ")");
            } catch (IllegalArgumentException e) {
                LOG.info("job {}: ended before the terminate request", jobId);
            }
        }
        return Ack.getDefaultInstance();
    }

    /** Slurm's SLURM_BATCH_SCRIPT step id, 0xfffffffb. */
    private static final int BATCH_STEP = 0xfffffffb;

    /** sstat, through the controller: the step's cgroup here, read now. */
    private Message stepStat(RpcCall<StepStatRequest> call) throws RpcException {
        StepStatRequest request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        Optional<StepTasks.StepStat> found = request.getStepId() == BATCH_STEP
                ? runner.batchStep(jobId).map(cgroup -> StepTasks.StepStat.read(cgroup, 1, 0))
                : steps.stat(jobId, request.getStepId());
        StepTasks.StepStat stat = found.orElseThrow(() -> new RpcException(SlurmdErrors.ESLURM_INVALID_JOB_ID, "StepId="
                        + Integer.toUnsignedString(request.getJobId()) + "." + Integer.toUnsignedString(request.getStepId())
                        + " does not run on " + nodeName));
        return NodeStepStat.newBuilder().setNodeName(nodeName)
                .setUsage(CompletionReports.usage(stat.usage()).toBuilder().setMaxVmsizeKb(stat.vmPeakKb()))
                .setNtasks(stat.ntasks()).setFirstTask(stat.firstTask())
                .addAllPids(stat.pids().stream().sorted().map(Long::intValue).toList()).build();
    }

    private Message launchTasks(RpcCall<LaunchTasks> call) throws RpcException {
        try {
            steps.launch(call.request(), call.caller().uid());
        } catch (StepTasks.LaunchRefused e) {
            LOG.warn("step launch refused: {}", e.getMessage());
            throw new RpcException(SlurmdErrors.ESLURMD_SETUP_ENVIRONMENT_ERROR, e.getMessage());
        } catch (IOException | RuntimeException e) {
            LOG.error("step launch failed: {}", e.getMessage());
            throw new RpcException(SlurmdErrors.ESLURMD_SETUP_ENVIRONMENT_ERROR,
                    "Unable to start the step's tasks: " + e.getMessage());
        }
        return Ack.getDefaultInstance();
    }
}
