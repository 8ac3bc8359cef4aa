package io.jslurm.slurmctld.schedule;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.SignalJob;
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
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.state.JobStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.BitSet;
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
    private volatile Runnable resourcesFreed = () -> { };

    public JobControl(JobStore store, Allocations allocations, NodeTable nodes, SlurmdChannel slurmd,
                      Supplier<ClusterConfig> config, InstantSource clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.allocations = Objects.requireNonNull(allocations, "allocations");
        this.nodes = Objects.requireNonNull(nodes, "nodes");
        this.slurmd = Objects.requireNonNull(slurmd, "slurmd");
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Called whenever resources were released, so the scheduler can look again. */
    public void onResourcesFreed(Runnable callback) {
        resourcesFreed = Objects.requireNonNull(callback, "callback");
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
    public synchronized Optional<Job> start(long jobId, Allocation allocation, String partition) {
        Optional<Job> current = store.get(jobId);
        if (current.isEmpty() || current.get().state() != JobState.PENDING
                || current.get().status().hold() != Hold.NONE) {
            return Optional.empty();
        }
        Job job = current.get();
        if (!job.spec().partition().equals(partition)) {
            job = store.update(jobId, spec -> spec.toBuilder().partition(partition).build());
        }
        Job running = store.transition(jobId, StateChange.start(JobState.RUNNING, summary(allocation)));
        allocations.put(jobId, allocation);
        TimeLimit limit = timeLimit(running, partition);
        log.info("sched: Allocate JobId={} NodeList={} #CPUs={} Partition={}", running.displayId(),
                running.status().allocation().nodeList(), running.status().allocation().cpus(), partition);
        var launch = LaunchMessages.batch(running, allocation,
                limit.isUnlimited() ? LaunchMessages.UNLIMITED_MINUTES : (int) limit.minutes(), partition,
                this::threadsPerCore, running.status().startTime(), arrayBounds(running))
                .toBuilder().setRestartCount(running.status().restartCount()).build();
        var flags = config.get().slurm().launch().prologFlags();
        if (flags.contains(io.jslurm.conf.slurm.PrologFlag.ALLOC) || flags.contains(io.jslurm.conf.slurm.PrologFlag.CONTAIN)) {
            // PrologFlags=Alloc: every node runs the job's Prolog now (the batch host's launch waits for it there).
            var prolog = io.jslurm.protocol.proto.PrologLaunch.newBuilder().setJob(launch).build();
            for (String name : allocation.nodeNames()) {
                nodes.get(name).ifPresent(node -> slurmd.send(node, prolog,
                        error -> log.warn("Cannot start the prolog of JobId={} on {}: {}", jobId, name, error.getMessage())));
            }
        }
        if (running.spec().script().isEmpty()) {
            // An interactive allocation (salloc, srun): its steps are launched by the command itself.
            return Optional.of(running);
        }
        Optional<NodeView> batchHost = nodes.get(allocation.nodes().get(0).node());
        batchHost.ifPresent(node -> slurmd.send(node, launch, error -> launchFailed(jobId, node.name(), error)));
        return Optional.of(running);
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
                requeueRunning(job, PendingReason.LAUNCH_FAILED_REQUEUED_HELD);
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
            ended = store.cancel(jobId);
            Optional<Allocation> released = allocations.remove(jobId);
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
     * slurmd reports that a batch script ended: the job ends COMPLETED, FAILED, OUT_OF_MEMORY or, when it was
     * killed after its time limit, TIMEOUT.
     *
     * @return the ended job, or empty when the report was late (the job had already ended) or was for a step
     */
    public Optional<Job> complete(JobComplete report) {
        if (report.hasStepId()) {
            return Optional.empty();
        }
        Job ended;
        synchronized (this) {
            Optional<Job> current = store.get(Integer.toUnsignedLong(report.getJobId()));
            if (current.isEmpty() || !current.get().state().holdsResources()) {
                return Optional.empty();
            }
            Job job = current.get();
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
            ended = store.transition(job.jobId(), StateChange.finish(finalState, exit, reason));
            // Every node of the job hears of its end, as from Slurm's controller: each runs its Epilog there and
            // ends what is left of the job's steps.
            allocations.remove(job.jobId()).ifPresent(a -> terminate(ended, a, "completed"));
            log.info("JobId={} {} ExitCode={} on {}", ended.displayId(), finalState, exit, report.getNodeName());
        }
        resourcesFreed.run();
        return Optional.of(ended);
    }

    private boolean pastTimeLimit(Job job) {
        TimeLimit limit = timeLimit(job, job.spec().partition());
        long ran = clock.instant().getEpochSecond() - job.status().startTime();
        return limit.isReachedBy(Duration.ofSeconds(ran));
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
                if (job.isEmpty() || !job.get().state().holdsResources()) {
                    allocations.remove(jobId);
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
            if (job.isEmpty() || !job.get().state().holdsResources()) {
                return;
            }
            endForNodeFailure(job.get(), List.of(node));
        }
        resourcesFreed.run();
    }

    private Job endForNodeFailure(Job job, List<String> lost) {
        if (job.spec().requeue()) {
            log.warn("JobId={} requeued: node failure on {}", job.displayId(), lost);
            return requeueRunning(job, PendingReason.NONE);
        }
        Job failed = store.transition(job.jobId(), StateChange.finish(JobState.NODE_FAIL, ExitCode.SUCCESS,
                PendingReason.NODE_DOWN));
        allocations.remove(job.jobId()).ifPresent(a -> terminate(failed, a, "node failure"));
        log.warn("JobId={} NODE_FAIL: node failure on {}", failed.displayId(), lost);
        return failed;
    }

    /** RUNNING -> REQUEUED -> PENDING, releasing the nodes in between. Caller holds the lock. */
    private Job requeueRunning(Job job, PendingReason reason) {
        store.requeue(job.jobId());
        allocations.remove(job.jobId()).ifPresent(a -> terminate(job, a, "requeued"));
        return store.transition(job.jobId(), StateChange.to(JobState.PENDING).withReason(reason));
    }

    /**
     * scontrol requeue: a running job goes back to the queue (its processes are ended), a finished one is queued
     * again.
     */
    public Job requeue(long jobId) {
        Job requeued;
        synchronized (this) {
            Job job = store.get(jobId).orElseThrow(() -> new io.jslurm.slurmctld.state.UnknownJobException(
                    Long.toString(jobId)));
            requeued = job.state().holdsResources() ? requeueRunning(job, PendingReason.NONE) : store.requeue(jobId);
            log.info("JobId={} requeued", requeued.displayId());
        }
        resourcesFreed.run();
        return requeued;
    }

    /**
     * After a restart: the job table knows which nodes, CPUs, memory and GPUs each running job holds, not which
     * cores and GPU indices. They are assigned again, lowest first, so that the scheduler sees the nodes as busy.
     */
    public synchronized void recoverAllocations() {
        Map<String, BitSet> usedCores = new HashMap<>();
        Map<String, Set<Integer>> usedGpus = new HashMap<>();
        for (Job job : store.query(j -> j.state().holdsResources())) {
            var summary = job.status().allocation();
            List<String> names = Hostlist.parse(summary.nodeList()).hosts();
            int gpus = summary.gres().stream().filter(g -> g.name().equals("gpu")).mapToInt(g -> (int) g.count()).sum();
            List<NodeAllocation> parts = new ArrayList<>();
            for (String name : names) {
                NodeConfig node = nodes.get(name).map(NodeView::config).orElse(null);
                if (node == null) {
                    continue;
                }
                int threads = Math.max(1, node.threadsPerCore());
                int cores = Math.max(1, summary.cpus() / Math.max(1, names.size()) / threads);
                BitSet used = usedCores.computeIfAbsent(name, n -> new BitSet());
                BitSet mine = new BitSet();
                for (int core = used.nextClearBit(0); mine.cardinality() < cores; core = used.nextClearBit(core + 1)) {
                    mine.set(core);
                }
                used.or(mine);
                Set<Integer> gpusUsed = usedGpus.computeIfAbsent(name, n -> new HashSet<>());
                List<Integer> myGpus = new ArrayList<>();
                for (int index = 0; myGpus.size() < gpus; index++) {
                    if (gpusUsed.add(index)) {
                        myGpus.add(index);
                    }
                }
                parts.add(new NodeAllocation(name, 1, CoreSet.copyOf(mine), summary.memoryMiB(), myGpus));
            }
            if (!parts.isEmpty()) {
                allocations.put(job.jobId(), new Allocation(parts));
            }
        }
        log.info("Recovered the allocations of {} running jobs", allocations.all().size());
    }
}
