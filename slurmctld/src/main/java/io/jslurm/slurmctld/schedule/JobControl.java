package io.jslurm.slurmctld.schedule;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SignalJob;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.job.SuspendCause;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.state.JobStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every change that takes or gives back resources: starting a job, ending it (completion, cancel, node failure),
 * requeueing it. One lock orders these, so an allocation is recorded exactly while its job holds nodes; slurmd is
 * told in the background.
 */
public final class JobControl {

    private static final Logger log = LoggerFactory.getLogger(JobControl.class);
    private static final int SIGKILL = 9;

    private final JobStore store;
    private final Allocations allocations;
    private final NodeTable nodes;
    private final SlurmdChannel slurmd;
    private final Supplier<ClusterConfig> config;
    private final InstantSource clock;
    private final NodeReports nodeReports;
    /** scontrol requeuehold of running jobs: the hold to apply once each is back in the queue. */
    private final Map<Long, Hold> holdAfterRequeue = new HashMap<>();
    private volatile Runnable resourcesFreed = () -> { };
    /** The worst exit code of a job's srun steps, for its DerivedExitCode; the step table lives with the steps. */
    private volatile java.util.function.LongFunction<ExitCode> stepsWorstExit = jobId -> ExitCode.SUCCESS;
    /**
     * Suspended jobs' full allocations: while suspended a job keeps only its memory in {@link Allocations}, as
     * Slurm's select plugin does, so its cores and GPUs can go to other jobs (a preemptor).
     */
    private final Map<Long, Suspension> suspensions = new HashMap<>();

    /** @param preemptor the job that preempted it, 0 for scontrol suspend, {@link #UNKNOWN_PREEMPTOR} after a restart */
    private record Suspension(Allocation full, long preemptor) {
    }

    /** No job has this id: a job preempted before a restart resumes as soon as its cores are free. */
    private static final long UNKNOWN_PREEMPTOR = -1;

    public JobControl(JobStore store, Allocations allocations, NodeTable nodes, SlurmdChannel slurmd,
                      Supplier<ClusterConfig> config, InstantSource clock, NodeReports nodeReports) {
        this.store = Objects.requireNonNull(store, "store");
        this.allocations = Objects.requireNonNull(allocations, "allocations");
        this.nodes = Objects.requireNonNull(nodes, "nodes");
        this.slurmd = Objects.requireNonNull(slurmd, "slurmd");
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.nodeReports = Objects.requireNonNull(nodeReports, "nodeReports");
    }

    /** Called whenever resources were released, so the scheduler can look again. */
    public void onResourcesFreed(Runnable callback) {
        resourcesFreed = Objects.requireNonNull(callback, "callback");
    }

    /** Where the worst exit code of a job's steps comes from when the job ends. */
    public void stepExitsFrom(java.util.function.LongFunction<ExitCode> source) {
        stepsWorstExit = Objects.requireNonNull(source, "source");
    }

    public JobStore store() {
        return store;
    }

    /** The time limit a job runs under: its own, else its partition's DefaultTime, else MaxTime. */
    public TimeLimit timeLimit(Job job, String partition) {
        Optional<TimeLimit> own = job.spec().resources().timeLimit();
        if (own.isPresent()) {
            return own.get();
        }
        Optional<PartitionConfig> p = config.get().partition(partition);
        return p.map(pc -> pc.defaultTime().orElse(pc.maxTime())).orElse(TimeLimit.UNLIMITED);
    }

    /**
     * Starts a pending job on a verified allocation: durable RUNNING first, then the launch request to the first
     * node's slurmd.
     *
     * @return the running job, or empty when the job changed meanwhile (cancelled, held)
     */
    public Optional<Job> start(long jobId, Allocation allocation, String partition) {
        Optional<PreparedStart> prepared = prepareStart(jobId, allocation, partition);
        prepared.ifPresent(this::launch);
        return prepared.map(PreparedStart::running);
    }

    /**
     * A job started in the job table and holding its allocation, whose nodes are not told yet: {@link #launch}
     * does that once the start is durable.
     */
    public record PreparedStart(Job running, Allocation allocation, LaunchBatchJob launch) {
    }

    /**
     * The first half of {@link #start}: the job becomes RUNNING in the table and takes its allocation, and nothing
     * is sent. Inside {@link JobStore#durablyTogether} the change returns before it is durable, so a scheduling
     * pass's starts share one journal sync, waited for outside this object's lock (completions need it meanwhile);
     * {@link #launch} each once that returned.
     *
     * @return the start, or empty when the job changed meanwhile (cancelled, held)
     */
    public synchronized Optional<PreparedStart> prepareStart(long jobId, Allocation allocation, String partition) {
        Optional<Job> current = store.get(jobId);
        if (current.isEmpty() || current.get().state() != JobState.PENDING
                || current.get().status().hold() != Hold.NONE) {
            return Optional.empty();
        }
        Job job = current.get();
        List<String> busy = nodeReports.stillRunning(jobId, allocation.nodeNames());
        if (!busy.isEmpty()) {
            log.info("sched: JobId={} not started: {} still ends its previous run", job.displayId(), busy);
            return Optional.empty();
        }
        if (!job.spec().partition().equals(partition)) {
            job = store.update(jobId, spec -> spec.toBuilder().partition(partition).build());
        }
        Job running = store.transition(jobId, StateChange.start(JobState.RUNNING, summary(allocation)));
        allocations.put(jobId, allocation);
        TimeLimit limit = timeLimit(running, partition);
        LaunchBatchJob launch = LaunchMessages.batch(running, allocation,
                limit.isUnlimited() ? LaunchMessages.UNLIMITED_MINUTES : (int) limit.minutes(), partition,
                this::threadsPerCore, running.status().startTime(), arrayBounds(running))
                .toBuilder().setRestartCount(running.status().restartCount())
                .setOpenMode(LaunchMessages.openMode(running.spec().openMode(), config.get().jobFileAppend(),
                        running.status().restartCount()))
                .build();
        return Optional.of(new PreparedStart(running, allocation, launch));
    }

    /**
     * The second half of {@link #start}, once the start is durable: the nodes' prologs (PrologFlags=Alloc) and the
     * batch script's launch. A job that ended or was requeued since its start was made is not launched; one
     * suspended meanwhile is launched and then suspended, as it would have been had the launch gone first.
     *
     * @return whether the launch went out
     */
    public synchronized boolean launch(PreparedStart start) {
        Job running = start.running();
        long jobId = running.jobId();
        Optional<Job> now = store.get(jobId);
        if (now.isEmpty() || allocations.of(jobId).isEmpty()
                || (now.get().state() != JobState.RUNNING && now.get().state() != JobState.SUSPENDED)
                || now.get().status().restartCount() != running.status().restartCount()
                || now.get().status().startTime() != running.status().startTime()) {
            log.info("sched: JobId={} not launched: it ended or was requeued before its start was on disk",
                    running.displayId());
            return false;
        }
        // Logged once the start is durable, as before starts shared a sync: the log's times stay comparable.
        log.info("sched: Allocate JobId={} NodeList={} #CPUs={} Partition={}", running.displayId(),
                running.status().allocation().nodeList(), running.status().allocation().cpus(),
                running.spec().partition());
        Allocation allocation = start.allocation();
        var flags = config.get().slurm().launch().prologFlags();
        if (flags.contains(io.jslurm.conf.slurm.PrologFlag.ALLOC) || flags.contains(io.jslurm.conf.slurm.PrologFlag.CONTAIN)) {
            // PrologFlags=Alloc: every node runs the job's Prolog now (the batch host's launch waits for it there).
            var prolog = io.jslurm.protocol.proto.PrologLaunch.newBuilder().setJob(start.launch()).build();
            for (String name : allocation.nodeNames()) {
                nodes.get(name).ifPresent(node -> slurmd.send(node, prolog,
                        error -> log.warn("Cannot start the prolog of JobId={} on {}: {}", jobId, name, error.getMessage())));
            }
        }
        if (running.spec().script().isEmpty()) {
            // An interactive allocation (salloc, srun): its steps are launched by the command itself.
            return true;
        }
        Optional<NodeView> batchHost = nodes.get(allocation.nodes().get(0).node());
        batchHost.ifPresent(node -> slurmd.send(node, start.launch(), error -> launchFailed(jobId, node.name(), error)));
        if (now.get().state() == JobState.SUSPENDED) {
            sendSuspend(now.get(), allocation, false);
        }
        return true;
    }

    /** SLURM_ARRAY_TASK_COUNT/MIN/MAX/STEP: the whole array's task ids. */
    private Optional<io.jslurm.protocol.proto.ArrayBounds> arrayBounds(Job job) {
        if (!job.isArrayTask()) {
            return Optional.empty();
        }
        int[] ids = store.find(io.jslurm.common.jobid.JobIdSpec.job(job.arrayJobId())).stream()
                .mapToInt(Job::arrayTaskId).sorted().toArray();
        int step = ids.length > 1 ? ids[1] - ids[0] : 1;
        for (int i = 2; i < ids.length; i++) {
            if (ids[i] - ids[i - 1] != step) {
                step = 1;
                break;
            }
        }
        return Optional.of(io.jslurm.protocol.proto.ArrayBounds.newBuilder().setCount(ids.length).setMin(ids[0])
                .setMax(ids[ids.length - 1]).setStep(step).build());
    }

    private int threadsPerCore(String node) {
        return nodes.get(node).map(n -> Math.max(1, n.config().threadsPerCore())).orElse(1);
    }

    /** The job table's summary of an allocation: nodes, total CPUs, memory and GPUs per node. */
    io.jslurm.slurmctld.job.Allocation summary(Allocation allocation) {
        int cpus = 0;
        long memory = 0;
        int gpus = 0;
        for (NodeAllocation part : allocation.nodes()) {
            cpus += part.cores().size() * threadsPerCore(part.node());
            memory = Math.max(memory, part.memoryMib());
            gpus = Math.max(gpus, part.gpus().size());
        }
        List<GresRequest> gres = gpus == 0 ? List.of() : List.of(GresRequest.gpusPerNode("", gpus));
        return new io.jslurm.slurmctld.job.Allocation(Hostlist.of(allocation.nodeNames()).ranged(),
                allocation.nodes().size(), cpus, memory, gres);
    }

    private void launchFailed(long jobId, String node, Exception error) {
        log.error("Launch of JobId={} on node {} failed: {}; requeueing it held", jobId, node, error.getMessage());
        synchronized (this) {
            try {
                Job job = store.get(jobId).orElse(null);
                if (job == null || job.state() != JobState.RUNNING) {
                    return;
                }
                // Nothing runs: the job goes straight back to the queue, held.
                store.requeue(jobId);
                release(jobId);
                store.transition(jobId, StateChange.to(JobState.PENDING)
                        .withReason(PendingReason.LAUNCH_FAILED_REQUEUED_HELD));
                store.hold(jobId, Hold.ADMIN);
            } catch (RuntimeException e) {
                log.error("Cannot requeue JobId={} after its launch failed: {}", jobId, e.getMessage());
            }
        }
        resourcesFreed.run();
    }

    /**
     * scancel without a signal: a pending job ends at once; a running one ends and its nodes are told to kill it
     * (SIGTERM, SIGKILL after KillWait). With a signal, a running job's processes get it and the job keeps its
     * state, except SIGKILL, which cancels.
     *
     * @throws io.jslurm.slurmctld.job.IllegalTransitionException for a job that already ended
     */
    public Job cancel(long jobId, int signal, boolean batchOnly, boolean full) {
        return cancel(jobId, signal, batchOnly, full, -1);
    }

    /** As {@link #cancel(long, int, boolean, boolean)} by {@code byUid} (-1: the controller itself). */
    public Job cancel(long jobId, int signal, boolean batchOnly, boolean full, long byUid) {
        Job ended;
        synchronized (this) {
            Job job = store.get(jobId).orElseThrow(() -> new io.jslurm.slurmctld.state.UnknownJobException(
                    Long.toString(jobId)));
            if (signal != 0 && signal != SIGKILL && job.state().holdsResources()) {
                signal(job, signal, batchOnly, full);
                return job;
            }
            if (signal != 0 && signal != SIGKILL && job.state() == JobState.PENDING) {
                throw new PendingSignalException(job.displayId());
            }
            ended = store.cancel(jobId, byUid, stepsWorstExit.apply(jobId));
            holdAfterRequeue.remove(jobId);
            Optional<Allocation> released = release(jobId);
            released.ifPresent(allocation -> terminate(ended, allocation, "cancelled"));
            log.info("Cancelled JobId={} (was {})", ended.displayId(), job.state());
        }
        resourcesFreed.run();
        return ended;
    }

    /** Signalling a pending job with anything but SIGKILL; Slurm answers "Job is pending execution". */
    public static final class PendingSignalException extends RuntimeException {
        PendingSignalException(String jobId) {
            super("Job " + jobId + " is pending execution");
        }
    }

    private void signal(Job job, int signal, boolean batchOnly, boolean full) {
        Optional<Allocation> allocation = allocations.of(job.jobId());
        if (allocation.isEmpty()) {
            return;
        }
        List<String> targets = batchOnly ? allocation.get().nodeNames().subList(0, 1) : allocation.get().nodeNames();
        SignalJob message = SignalJob.newBuilder().setJobId((int) job.jobId()).setSignal(signal)
                .setBatchShellOnly(batchOnly).setFull(full).build();
        for (String name : targets) {
            nodes.get(name).ifPresent(node -> slurmd.send(node, message,
                    error -> log.warn("Cannot signal JobId={} on {}: {}", job.displayId(), name, error.getMessage())));
        }
        log.info("Signal {} sent to JobId={}", signal, job.displayId());
    }

    private void terminate(Job job, Allocation allocation, String reason) {
        int killWait = (int) config.get().slurm().timers().killWait().toSeconds();
        TerminateJob message = TerminateJob.newBuilder().setJobId((int) job.jobId()).setReason(reason)
                .setKillWaitSeconds(killWait).build();
        for (String name : allocation.nodeNames()) {
            nodes.get(name).filter(n -> !n.notResponding()).ifPresent(node -> slurmd.send(node, message,
                    error -> log.warn("Cannot tell {} to end JobId={}: {}", name, job.displayId(), error.getMessage())));
        }
    }

    /**
     * How long a job's end waits for another thread to sync it along with its own changes before syncing it
     * itself: about as long as the scheduling pass its end asks for takes to begin and journal the next start on
     * a busy machine, so that one sync usually makes both durable. A bound, not a delay: when a pass (or anything
     * else) syncs sooner, the end returns then.
     */
    static final Duration END_SYNC_PATIENCE = Duration.ofMillis(50);
    private volatile Duration endSyncPatience = END_SYNC_PATIENCE;

    /** Tests that run the passes themselves wait longer than {@link #END_SYNC_PATIENCE} for theirs. */
    void endSyncPatience(Duration patience) {
        endSyncPatience = Objects.requireNonNull(patience, "patience");
    }

    /**
     * slurmd reports that a batch script ended: the job ends COMPLETED, FAILED, OUT_OF_MEMORY or, when it was
     * killed after its time limit, TIMEOUT. Returns once the end is durable, so slurmd's acknowledgement waits for
     * it; the freed resources are handed to the scheduler before that, with the end journaled, so the next start
     * is journaled after it and its sync carries both (a crash never keeps a start without the end that made room
     * for it). The nodes hear of the end (TerminateJob, the Epilog) only once it is durable.
     *
     * @return the ended job, or empty when the report was late (the job had already ended) or was for a step
     */
    public Optional<Job> complete(JobComplete report) {
        if (report.hasStepId()) {
            return Optional.empty();
        }
        List<Runnable> onceDurable = new ArrayList<>();
        Optional<Job> ended = store.durablyTogether(() -> {
            Optional<Job> changed = end(report, onceDurable);
            changed.ifPresent(job -> resourcesFreed.run());
            return changed;
        }, endSyncPatience);
        onceDurable.forEach(Runnable::run);
        return ended;
    }

    /** The change {@link #complete} makes, under the lock; what the nodes and the log hear goes to {@code later}. */
    private synchronized Optional<Job> end(JobComplete report, List<Runnable> later) {
        long jobId = Integer.toUnsignedLong(report.getJobId());
        nodeReports.ended(report.getNodeName(), jobId);
        Optional<Job> current = store.get(jobId);
        if (current.isEmpty() || !current.get().state().occupiesNodes()) {
            return Optional.empty();
        }
        Job job = current.get();
        if (!report.getNodeName().isEmpty() && allocations.of(jobId)
                .map(a -> !a.nodeNames().contains(report.getNodeName())).orElse(false)) {
            // The end of an earlier run, on a node the job was requeued away from.
            log.info("JobId={} end reported by {}, where it no longer runs; ignored", job.displayId(),
                    report.getNodeName());
            return Optional.empty();
        }
        if (job.state() == JobState.REQUEUED) {
            Job pending = backToQueue(job);
            later.add(() -> log.info("JobId={} run ended on {}; pending again", pending.displayId(),
                    report.getNodeName()));
            return Optional.of(pending);
        }
        return Optional.of(finish(job, report, later));
    }

    /** The batch script of a running job ended: its final state follows from how. Caller holds the lock. */
    private Job finish(Job job, JobComplete report, List<Runnable> later) {
        ExitCode exit = ExitCode.of(report.getExitCode() & 0xff, report.getTermSignal() & 0x7f);
        JobState finalState;
        PendingReason reason;
        if (!report.getLaunchError().isEmpty()) {
            log.error("JobId={} could not be launched on {}: {}", job.displayId(), report.getNodeName(),
                    report.getLaunchError());
        }
        var reported = report.getState();
        if (report.getOutOfMemory() || reported == io.jslurm.protocol.proto.JobState.JOB_OUT_OF_MEMORY) {
            finalState = JobState.OUT_OF_MEMORY;
            reason = PendingReason.OUT_OF_MEMORY;
        } else if (reported == io.jslurm.protocol.proto.JobState.JOB_TIMEOUT
                || (exit.signal() != 0 && pastTimeLimit(job))) {
            finalState = JobState.TIMEOUT;
            reason = PendingReason.TIME_LIMIT;
        } else if (reported == io.jslurm.protocol.proto.JobState.JOB_CANCELLED) {
            finalState = JobState.CANCELLED;
            reason = PendingReason.NONE;
        } else if (exit.equals(ExitCode.SUCCESS) && report.getLaunchError().isEmpty()
                && reported != io.jslurm.protocol.proto.JobState.JOB_FAILED) {
            finalState = JobState.COMPLETED;
            reason = PendingReason.NONE;
        } else {
            finalState = JobState.FAILED;
            reason = PendingReason.NON_ZERO_EXIT_CODE;
        }
        // DerivedExitCode, as in Slurm: the worst of the script's and its srun steps' exit codes, so a failed step
        // shows even when the script itself exited 0.
        ExitCode derived = ExitCode.worse(exit, stepsWorstExit.apply(job.jobId()));
        Job ended = store.transition(job.jobId(), StateChange.finish(finalState, exit, reason)
                .withExitCodes(exit, derived));
        // Every node of the job hears of its end, as from Slurm's controller: each runs its Epilog there and
        // ends what is left of the job's steps. Logged once durable, as when the end waited for its own sync.
        Optional<Allocation> freed = release(job.jobId());
        later.add(() -> {
            freed.ifPresent(allocation -> terminate(ended, allocation, "completed"));
            log.info("JobId={} {} ExitCode={} on {}", ended.displayId(), finalState, exit, report.getNodeName());
        });
        return ended;
    }

    /**
     * The end of a job the controller decides itself (time limit of an allocation, node failure, preemption):
     * ExitCode 0:0, as no script reported one, and DerivedExitCode the worst of the srun steps that had ended, which
     * is what Slurm's man pages define it as, so a step's failure is not lost however the job ends.
     */
    private StateChange endedByController(long jobId, JobState state, PendingReason reason) {
        return StateChange.finish(state, ExitCode.SUCCESS, reason).withExitCodes(ExitCode.SUCCESS,
                stepsWorstExit.apply(jobId));
    }

    private boolean pastTimeLimit(Job job) {
        return pastTimeLimit(job, clock.instant().getEpochSecond(), Duration.ZERO);
    }

    /** Whether the job has run (time suspended not counted) its limit plus {@code grace} by {@code now}. */
    private boolean pastTimeLimit(Job job, long now, Duration grace) {
        TimeLimit limit = timeLimit(job, job.spec().partition());
        long ran = now - job.status().startTime()
                - SuspendClock.suspendedSeconds(job.status(), now);
        return limit.isReachedBy(Duration.ofSeconds(ran).minus(grace));
    }

    /**
     * Ends TIMEOUT the running jobs of salloc and srun alone that are past their time limit (time suspended not
     * counted) plus OverTimeLimit; their nodes are told to end their steps (SIGTERM, SIGKILL after KillWait). Batch
     * jobs are left to their slurmd, whose timer also sends --signal first and reports the end itself.
     *
     * @return the jobs ended
     */
    public List<Job> endOverTimeLimit() {
        List<Job> ended = new ArrayList<>();
        synchronized (this) {
            long now = clock.instant().getEpochSecond();
            Duration grace = config.get().slurm().timers().overTimeLimit();
            // Only jobs holding resources are looked at: the check runs every pass, whatever the queue's depth.
            for (long jobId : List.copyOf(allocations.all().keySet())) {
                Optional<Job> job = store.get(jobId);
                if (job.isEmpty() || job.get().state() != JobState.RUNNING || !job.get().spec().script().isEmpty()
                        || !pastTimeLimit(job.get(), now, grace)) {
                    continue;
                }
                try {
                    Job timedOut = store.transition(jobId, endedByController(jobId, JobState.TIMEOUT,
                            PendingReason.TIME_LIMIT));
                    release(jobId).ifPresent(a -> terminate(timedOut, a, "time limit"));
                    log.info("Time limit exhausted for JobId={}", timedOut.displayId());
                    ended.add(timedOut);
                } catch (RuntimeException e) {
                    log.error("Cannot end JobId={} at its time limit: {}", jobId, e.getMessage());
                }
            }
        }
        if (!ended.isEmpty()) {
            resourcesFreed.run();
        }
        return ended;
    }

    /**
     * Nodes were lost: their jobs are requeued when they allow it, and end NODE_FAIL otherwise.
     *
     * @return the jobs affected
     */
    public List<Job> nodesLost(List<String> lost) {
        if (lost.isEmpty()) {
            return List.of();
        }
        List<Job> affected = new ArrayList<>();
        synchronized (this) {
            for (long jobId : allocations.jobsOn(new HashSet<>(lost))) {
                Optional<Job> job = store.get(jobId);
                if (job.isEmpty() || !job.get().state().occupiesNodes()) {
                    release(jobId);
                    continue;
                }
                try {
                    affected.add(endForNodeFailure(job.get(), lost));
                } catch (RuntimeException e) {
                    log.error("Cannot end JobId={} after node failure: {}", jobId, e.getMessage());
                }
            }
        }
        resourcesFreed.run();
        return affected;
    }

    /** One job was lost with a node that restarted under it: requeued when it allows it, else NODE_FAIL. */
    public void nodesLostForJob(long jobId, String node) {
        synchronized (this) {
            Optional<Job> job = store.get(jobId);
            if (job.isEmpty() || !job.get().state().occupiesNodes()) {
                return;
            }
            endForNodeFailure(job.get(), List.of(node));
        }
        resourcesFreed.run();
    }

    private Job endForNodeFailure(Job job, List<String> lost) {
        if (job.state() == JobState.REQUEUED) {
            // Already requeued, waiting for a node that is now gone: it will end the run when it returns.
            return backToQueue(job);
        }
        if (job.spec().requeue()) {
            log.warn("JobId={} requeued: node failure on {}", job.displayId(), lost);
            return requeueRunning(job, false);
        }
        Job failed = store.transition(job.jobId(), endedByController(job.jobId(), JobState.NODE_FAIL,
                PendingReason.NODE_DOWN));
        release(job.jobId()).ifPresent(a -> terminate(failed, a, "node failure"));
        log.warn("JobId={} NODE_FAIL: node failure on {}", failed.displayId(), lost);
        return failed;
    }

    /**
     * RUNNING -> REQUEUED, and its nodes are told to end it. A batch job whose first node still answers keeps its
     * nodes until that node reports the end of this run ({@link #complete}), so the next run cannot meet the
     * last one; otherwise (node lost, or no batch script to wait for) it goes back to PENDING at once. Caller
     * holds the lock.
     *
     * @param waitForNodes false when the job's nodes failed (nothing will report its end) or another job needs
     *     them now (preemption); the requeue delay then keeps the job from meeting its own last run
     */
    private Job requeueRunning(Job job, boolean waitForNodes) {
        Job requeued = store.requeue(job.jobId());
        Optional<Allocation> allocation = allocations.of(job.jobId());
        allocation.ifPresent(a -> terminate(job, a, "requeued"));
        boolean waitForEnd = waitForNodes && !job.spec().script().isEmpty() && allocation
                .flatMap(a -> nodes.get(a.nodeNames().get(0))).map(n -> !n.notResponding()).orElse(false);
        if (waitForEnd) {
            return requeued;
        }
        return backToQueue(requeued);
    }

    /**
     * REQUEUED -> PENDING once nothing of the run is left. As in Slurm, the job may start again only after the
     * requeue delay (AuthInfo cred_expire), unless it asked to begin later still; until then it waits with
     * Reason=BeginTime. Caller holds the lock.
     */
    private Job backToQueue(Job requeued) {
        long jobId = requeued.jobId();
        release(jobId);
        long now = clock.instant().getEpochSecond();
        if (requeued.spec().beginTime() <= now) {
            long begin = now + config.get().requeueDelay().toSeconds();
            store.update(jobId, spec -> spec.toBuilder().beginTime(begin).build());
        }
        Job pending = store.transition(jobId, StateChange.to(JobState.PENDING).withReason(PendingReason.BEGIN_TIME));
        Hold hold = holdAfterRequeue.remove(jobId);
        return hold == null ? pending : store.hold(jobId, hold);
    }

    /** Seconds the job has spent suspended so far: its time limit moves out by this much. */
    public long suspendedSeconds(Job job) {
        return SuspendClock.suspendedSeconds(job.status(), clock.instant().getEpochSecond());
    }

    /**
     * scontrol suspend: a running job is frozen on its nodes and becomes SUSPENDED; its cores and GPUs are free
     * for other jobs while its memory stays its own.
     */
    public Job suspend(long jobId) {
        return suspend(jobId, 0);
    }

    /** PreemptMode=SUSPEND: as {@link #suspend}, remembered so the job resumes once the preemptor is gone. */
    public Job suspendForPreemption(long jobId, long preemptor) {
        return suspend(jobId, preemptor);
    }

    private Job suspend(long jobId, long preemptor) {
        return changeThenFree(jobId, job -> {
            Job suspended = store.transition(jobId, StateChange.suspend(preemptor == 0 ? SuspendCause.OPERATOR
                    : SuspendCause.PREEMPTION));
            allocations.of(jobId).ifPresent(full -> {
                suspensions.put(jobId, new Suspension(full, preemptor));
                allocations.put(jobId, memoryOnly(full));
                sendSuspend(suspended, full, false);
            });
            log.info("JobId={} suspended{}", suspended.displayId(), preemptor == 0 ? "" : " for JobId=" + preemptor);
            return suspended;
        });
    }

    /**
     * Gang time-slicing: the job is frozen on its nodes but keeps its whole allocation, since the jobs it takes turns
     * with were allocated the same cores alongside it (OverSubscribe); {@link #resume} thaws it.
     */
    public synchronized Job suspendInPlace(long jobId) {
        Job job = store.get(jobId).orElseThrow(() -> new io.jslurm.slurmctld.state.UnknownJobException(
                Long.toString(jobId)));
        Job suspended = store.transition(jobId, StateChange.suspend(SuspendCause.GANG));
        allocations.of(jobId).ifPresent(full -> sendSuspend(suspended, full, false));
        log.info("JobId={} suspended for gang time-slicing", suspended.displayId());
        return suspended;
    }

    /** scontrol resume: the job's processes are thawed and it holds its cores and GPUs again. */
    public Job resume(long jobId) {
        synchronized (this) {
            Job job = store.get(jobId).orElseThrow(() -> new io.jslurm.slurmctld.state.UnknownJobException(
                    Long.toString(jobId)));
            Job resumed = store.transition(jobId, StateChange.to(JobState.RUNNING));
            Suspension suspension = suspensions.remove(jobId);
            if (suspension != null) {
                allocations.put(jobId, suspension.full());
            }
            // After a controller restart the suspension is not remembered, but the nodes must still thaw the job.
            allocations.of(jobId).ifPresent(full -> sendSuspend(resumed, full, true));
            log.info("JobId={} resumed (was {})", resumed.displayId(), job.state());
            return resumed;
        }
    }

    /**
     * Jobs suspended by preemption whose preemptor no longer holds resources and whose cores and GPUs are free
     * again resume.
     *
     * @return the jobs resumed
     */
    public synchronized List<Job> resumePreempted(io.jslurm.sched.select.FreeResources free) {
        List<Job> resumed = new ArrayList<>();
        for (var entry : Map.copyOf(suspensions).entrySet()) {
            Suspension suspension = entry.getValue();
            if (suspension.preemptor() == 0 || allocations.of(suspension.preemptor()).isPresent()) {
                continue;
            }
            boolean fits = suspension.full().nodes().stream().allMatch(part -> free.node(part.node())
                    .map(node -> node.canHold(new NodeAllocation(part.node(), part.tasks(), part.cores(), 0,
                            part.gpus()))).orElse(false));
            if (fits) {
                free.allocate(coresOnly(suspension.full()));
                resumed.add(resume(entry.getKey()));
            }
        }
        return resumed;
    }

    private static Allocation memoryOnly(Allocation full) {
        return new Allocation(full.nodes().stream().map(part -> new NodeAllocation(part.node(), part.tasks(),
                CoreSet.empty(), part.memoryMib(), List.of())).toList());
    }

    private static Allocation coresOnly(Allocation full) {
        return new Allocation(full.nodes().stream().map(part -> new NodeAllocation(part.node(), part.tasks(),
                part.cores(), 0, part.gpus())).toList());
    }

    private void sendSuspend(Job job, Allocation allocation, boolean resume) {
        SuspendJob message = SuspendJob.newBuilder().setJobId((int) job.jobId()).setResume(resume).build();
        for (String name : allocation.nodeNames()) {
            nodes.get(name).ifPresent(node -> slurmd.send(node, message, error -> log.warn("Cannot {} JobId={} on {}: {}",
                    resume ? "resume" : "suspend", job.displayId(), name, error.getMessage())));
        }
    }

    /** Gives a job's resources back; a suspended job's held cores are forgotten with it. */
    private Optional<Allocation> release(long jobId) {
        forgetSuspension(jobId);
        return allocations.remove(jobId);
    }

    /** A job leaving SUSPENDED for good (cancelled, requeued, failed): its held cores are forgotten. */
    private void forgetSuspension(long jobId) {
        suspensions.remove(jobId);
    }

    /** Preemption in REQUEUE mode: the job goes back to the queue (CANCEL instead when it may not be requeued). */
    public Job requeuePreempted(long jobId) {
        return changeThenFree(jobId, current -> {
            if (!current.spec().requeue()) {
                log.info("JobId={} may not be requeued; preempted by cancelling it", current.displayId());
                return preemptedEnd(current);
            }
            Job job = requeueRunning(current, false);
            log.info("JobId={} requeued after preemption", job.displayId());
            return job;
        });
    }

    /** Preemption in CANCEL mode: the job ends PREEMPTED and its processes are killed. */
    public Job endPreempted(long jobId) {
        return changeThenFree(jobId, this::preemptedEnd);
    }

    private Job preemptedEnd(Job current) {
        Job ended = store.transition(current.jobId(), endedByController(current.jobId(), JobState.PREEMPTED,
                PendingReason.NONE));
        release(current.jobId()).ifPresent(a -> terminate(ended, a, "preempted"));
        log.info("JobId={} PREEMPTED (was {})", ended.displayId(), current.state());
        return ended;
    }

    /** Applies a change to a job under the lock, then lets the scheduler know resources were freed. */
    private Job changeThenFree(long jobId, java.util.function.UnaryOperator<Job> change) {
        Job changed;
        synchronized (this) {
            changed = change.apply(store.get(jobId).orElseThrow(
                    () -> new io.jslurm.slurmctld.state.UnknownJobException(Long.toString(jobId))));
        }
        resourcesFreed.run();
        return changed;
    }

    /**
     * scontrol requeue: a running job goes back to the queue (its processes are ended), a finished one is queued
     * again.
     */
    public Job requeue(long jobId) {
        return requeue(jobId, Hold.NONE);
    }

    /**
     * scontrol requeuehold: like {@link #requeue(long)}, and the job is held once it is back in the queue (a
     * running job only after its nodes have ended it).
     */
    public Job requeue(long jobId, Hold hold) {
        Job requeued;
        synchronized (this) {
            Job job = store.get(jobId).orElseThrow(() -> new io.jslurm.slurmctld.state.UnknownJobException(
                    Long.toString(jobId)));
            if (job.state().holdsResources()) {
                if (hold != Hold.NONE) {
                    holdAfterRequeue.put(jobId, hold);
                }
                requeued = requeueRunning(job, true);
            } else {
                requeued = store.requeue(jobId);
                if (hold != Hold.NONE) {
                    requeued = store.hold(jobId, hold);
                }
            }
            log.info("JobId={} requeued", requeued.displayId());
        }
        resourcesFreed.run();
        return requeued;
    }

    /**
     * After a restart: the job table knows which nodes, CPUs, memory and GPUs each running job holds, not which
     * cores and GPU indices. They are assigned again ({@link RecoveredCores}) so that the scheduler sees the nodes as
     * busy. Jobs the gang scheduler suspended keep their cores, as before the restart; one an operator or a
     * preemption suspended holds only its memory again, and one suspended by preemption resumes once its cores are
     * free (its preemptor is not remembered). A suspended job of a state written before the cause was recorded stays
     * suspended until {@code scontrol resume}, as an operator's.
     */
    public synchronized void recoverAllocations() {
        RecoveredCores cores = new RecoveredCores(name -> nodes.get(name).map(NodeView::config));
        List<Job> occupying = store.query(j -> j.state().occupiesNodes()).stream()
                .sorted(java.util.Comparator.comparing((Job j) -> !holdsCoresWhenRecovered(j)).thenComparingLong(Job::jobId))
                .toList();
        for (Job job : occupying) {
            boolean holdsCores = holdsCoresWhenRecovered(job);
            cores.assign(job.status().allocation(), holdsCores).ifPresent(full -> {
                if (holdsCores) {
                    allocations.put(job.jobId(), full);
                    return;
                }
                boolean preempted = job.status().suspendCause() == SuspendCause.PREEMPTION;
                suspensions.put(job.jobId(), new Suspension(full, preempted ? UNKNOWN_PREEMPTOR : 0));
                allocations.put(job.jobId(), memoryOnly(full));
            });
        }
        log.info("Recovered the allocations of {} running jobs", allocations.all().size());
    }

    private static boolean holdsCoresWhenRecovered(Job job) {
        return job.state() != JobState.SUSPENDED || job.status().suspendCause() == SuspendCause.GANG;
    }
}
