package io.jslurm.slurmctld.schedule;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.sched.Scheduler;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.limits.LimitInputs;
import io.jslurm.sched.limits.LimitedJob;
import io.jslurm.slurmctld.assoc.JobLimits;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Eligibility;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.state.JobStore;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import io.jslurm.slurmctld.stats.PassTimer;
import io.jslurm.slurmctld.stats.SchedulerStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduling thread: on every submit, completion or node change, and every few seconds, it builds a snapshot
 * of the live state, asks the scheduler core for a plan, re-checks every proposed start with the same fit
 * function against the state as it is then, and starts what still fits. It also times out silent nodes.
 */
public final class SchedulingLoop implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SchedulingLoop.class);
    /** Priority of the first job under priority/basic; later jobs count down from it, as in Slurm. */
    private static final long BASIC_PRIORITY_TOP = 4_294_901_760L;

    private final JobControl control;
    private final JobStore store;
    private final NodeTable nodes;
    private final Allocations allocations;
    private final Supplier<ClusterConfig> config;
    private final InstantSource clock;
    private final JobPriority priority;
    private final Runnable beforePass;
    private final Supplier<List<io.jslurm.sched.model.AdvanceReservation>> reservations;
    private final Duration interval;
    private final SchedulerStatistics statistics;
    private final JobLimits limits;
    private final Object wake = new Object();
    private boolean workPending;
    /** Set when a job's end (or a requeue, a cancel) freed resources since the last pass began. */
    private boolean freedPending;
    private volatile boolean closed;
    private volatile Map<Long, String> pendingReasons = Map.of();
    private volatile Map<Long, Instant> expectedStarts = Map.of();
    /** The last plan's statuses, as the plan holds them (no copy): scontrol show job's explanation. */
    private volatile Map<Long, PendingStatus> pendingStatuses = Map.of();
    private Thread thread;
    private Instant lastPurge = Instant.EPOCH;
    private final PreemptionControl preemption;
    private final GangControl gang;
    /** Which passes backfill: only one bf_interval after the last that did, as Slurm's backfill agent. */
    private final BackfillClock backfillClock = new BackfillClock();

    public SchedulingLoop(JobControl control, NodeTable nodes, Allocations allocations,
                          Supplier<ClusterConfig> config, InstantSource clock, Duration interval) {
        this(control, nodes, allocations, config, clock, interval, Policies.defaults());
    }

    /** With QOS and association limits: jobs over a limit wait with its reason. */
    public SchedulingLoop(JobControl control, NodeTable nodes, Allocations allocations,
                          Supplier<ClusterConfig> config, InstantSource clock, Duration interval, JobLimits limits) {
        this(control, nodes, allocations, config, clock, interval, Policies.defaults().withLimits(limits));
    }

    /**
     * @param priority   how pending jobs are ordered (PriorityType)
     * @param beforePass runs at the start of every pass, on the loop's thread (fair-share usage is brought up to
     *                   date there, so the priorities of the pass see it)
     */
    public SchedulingLoop(JobControl control, NodeTable nodes, Allocations allocations,
                          Supplier<ClusterConfig> config, InstantSource clock, Duration interval,
                          JobPriority priority, Runnable beforePass) {
        this(control, nodes, allocations, config, clock, interval,
                Policies.defaults().withPriority(priority, beforePass));
    }

    /**
     * What a pass consults besides the jobs and nodes.
     *
     * @param statistics where each pass's cycle times and depths go (sdiag)
     * @param qos        the QOS records preempt/qos reads
     * @param limits     QOS and association limits: jobs over a limit wait with its reason
     * @param priority   how pending jobs are ordered (PriorityType)
     * @param beforePass runs at the start of every pass, on the loop's thread (fair-share usage is brought up to
     *                   date there, so the priorities of the pass see it)
     * @param reservations the advance reservations as of now (scontrol create reservation)
     */
    public record Policies(SchedulerStatistics statistics, QosPreemptSource qos, JobLimits limits,
                           JobPriority priority, Runnable beforePass,
                           Supplier<List<io.jslurm.sched.model.AdvanceReservation>> reservations) {

        public Policies(SchedulerStatistics statistics, QosPreemptSource qos, JobLimits limits,
                        JobPriority priority, Runnable beforePass) {
            this(statistics, qos, limits, priority, beforePass, List::of);
        }

        /** Statistics of its own, no preemption by QOS, no limits, priority/basic. */
        public static Policies defaults() {
            return new Policies(new SchedulerStatistics(), QosPreemptSource.NONE, JobLimits.NONE, JobPriority.BASIC,
                    () -> { });
        }

        public Policies {
            Objects.requireNonNull(statistics, "statistics");
            Objects.requireNonNull(qos, "qos");
            Objects.requireNonNull(limits, "limits");
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(beforePass, "beforePass");
            Objects.requireNonNull(reservations, "reservations");
        }

        public Policies withReservations(Supplier<List<io.jslurm.sched.model.AdvanceReservation>> source) {
            return new Policies(statistics, qos, limits, priority, beforePass, source);
        }

        Policies withLimits(JobLimits newLimits) {
            return new Policies(statistics, qos, newLimits, priority, beforePass, reservations);
        }

        Policies withPriority(JobPriority newPriority, Runnable newBeforePass) {
            return new Policies(statistics, qos, limits, newPriority, newBeforePass, reservations);
        }
    }

    public SchedulingLoop(JobControl control, NodeTable nodes, Allocations allocations,
                          Supplier<ClusterConfig> config, InstantSource clock, Duration interval, Policies policies) {
        this.statistics = policies.statistics();
        this.preemption = new PreemptionControl(control, config, policies.qos(), this::priority);
        this.limits = policies.limits();
        this.priority = policies.priority();
        this.beforePass = policies.beforePass();
        this.reservations = policies.reservations();
        this.control = Objects.requireNonNull(control, "control");
        this.store = control.store();
        this.nodes = Objects.requireNonNull(nodes, "nodes");
        this.allocations = Objects.requireNonNull(allocations, "allocations");
        this.gang = new GangControl(control, allocations);
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.interval = Objects.requireNonNull(interval, "interval");
        control.onResourcesFreed(this::resourcesFreed);
    }

    public void start() {
        thread = new Thread(this::run, "slurmctld-sched");
        thread.setDaemon(true);
        thread.start();
    }

    /** What the loop starts jobs through, and where jobs end. */
    public JobControl control() {
        return control;
    }

    /** Asks for a pass soon; many requests before the pass runs make one pass. */
    public void requestPass() {
        synchronized (wake) {
            // Only the first request wakes the loop: later ones in a storm of submissions would each wake it from
            // its rest, only for it to go back to waiting.
            if (!workPending) {
                workPending = true;
                wake.notifyAll();
            }
        }
    }

    /**
     * Asks for a prompt pass because resources were freed: the pass that hands them on to a pending job rests only
     * its own time after the last one, not the long rest that keeps a storm of submissions from taking the CPU.
     */
    public void resourcesFreed() {
        synchronized (wake) {
            if (!freedPending) {
                workPending = true;
                freedPending = true;
                wake.notifyAll();
            }
        }
    }

    /**
     * Passes triggered by events are at least this far apart, so a burst of submissions arriving within a few
     * milliseconds costs one pass, not one each. It is short because every job that ends waits for the next pass
     * to hand its cores on: with one pass per half second, as before, a node of two cores ran at most four short
     * jobs a second (Slurm's sched_min_interval is 2 us by default). What keeps cheap passes from eating the
     * CPU under a storm of submissions is the rule below, which scales the gap with the pass's cost.
     */
    private static final long MIN_SPACING_NANOS = 10_000_000L;

    /**
     * Between passes the loop waits at least this many times as long as the last pass took, so that a deep queue
     * fed by a storm of submissions (each of which asks for a pass) keeps the scheduler to a sixth of one CPU
     * rather than all of it: a pass over 100,000 pending jobs costs far more than the minimum spacing. A third, as
     * before, left too little to the submissions themselves on a two-CPU controller: each pass over such a queue
     * also leaves as much garbage as thousands of submissions (Slurm defers scheduling under load too, max_rpc_cnt).
     */
    private static final long SPACING_PER_PASS_TIME = 5;

    /**
     * After resources were freed the next pass waits only as long as the last one took (and at least 2 ms): a core
     * left idle while jobs wait is lost throughput, and each such pass is bought by a job's end, so their number is
     * bounded by the jobs that end, not by how fast clients submit. Even when every pass is one of these the loop
     * takes at most half of one CPU. With the five-fold rest, as before, each end of a short job on a busy
     * controller (a 500-job queue, a pass of 10-20 ms) left its cores idle 50-100 ms.
     */
    private static final long FREED_MIN_SPACING_NANOS = 2_000_000L;

    /** How long the loop waits after a pass that started {@code sinceStart} ago and took {@code took} nanos. */
    static long waitBeforeNextPass(long sinceStart, long took) {
        return waitBeforeNextPass(sinceStart, took, false);
    }

    /** The same, where {@code freed} says whether resources were freed since that pass began. */
    static long waitBeforeNextPass(long sinceStart, long took, boolean freed) {
        long spacing = freed ? Math.max(FREED_MIN_SPACING_NANOS, took + took)
                : Math.max(MIN_SPACING_NANOS, took + took * SPACING_PER_PASS_TIME);
        return Math.max(0, spacing - sinceStart);
    }

    private void run() {
        long lastPass = System.nanoTime() - MIN_SPACING_NANOS;
        long lastTook = 0;
        boolean freed;
        while (!closed) {
            try {
                synchronized (wake) {
                    if (!workPending && !closed) {
                        wake.wait(restMillis());
                    }
                    // Waiting on the monitor, not sleeping: close() and a request after freed resources, which
                    // shortens the rest, end the wait at once.
                    for (long wait = waitBeforeNextPass(System.nanoTime() - lastPass, lastTook, freedPending);
                            wait > 0 && !closed;
                            wait = waitBeforeNextPass(System.nanoTime() - lastPass, lastTook, freedPending)) {
                        TimeUnit.NANOSECONDS.timedWait(wake, wait);
                    }
                    workPending = false;
                    freed = freedPending;
                    freedPending = false;
                }
                lastPass = System.nanoTime();
                if (closed) {
                    return;
                }
                checkNodes();
                control.endOverTimeLimit();
                runPass();
                if (freed) {
                    // The ends that asked for this pass wait for their sync to be taken by it (JobControl.complete):
                    // its starts' sync carried them; when it started nothing, they are synced now.
                    store.syncMade();
                }
                purgeIfDue();
                lastTook = System.nanoTime() - lastPass;
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.error("Scheduling pass failed", e);
            }
        }
    }

    /**
     * How long the loop rests when nothing asks for a pass: its interval, or less when backfill falls due sooner
     * (a bf_interval below the interval), so backfill runs on time without an event to wake the loop.
     */
    private long restMillis() {
        Duration untilBackfill = backfillClock.untilDue(clock.instant(), config.get().backfillInterval());
        return Math.max(1, Math.min(interval.toMillis(), untilBackfill.toMillis()));
    }

    /** Times out silent nodes and ends or requeues the jobs of nodes that went DOWN. */
    public void checkNodes() {
        control.nodesLost(nodes.checkTimeouts());
    }

    private void purgeIfDue() {
        Instant now = clock.instant();
        if (Duration.between(lastPurge, now).toSeconds() >= 30) {
            lastPurge = now;
            List<Job> purged = store.purge();
            if (!purged.isEmpty()) {
                log.info("Purged {} finished jobs older than MinJobAge", purged.size());
            }
        }
    }

    /** Why each pending job waits, by Slurm's reason name, as of the last pass. */
    public Optional<String> pendingReason(long jobId) {
        return Optional.ofNullable(pendingReasons.get(jobId));
    }

    /** Why a pending job waits, in words, as of the last pass; empty when the pass said nothing more. */
    public Optional<String> pendingExplanation(long jobId) {
        PendingStatus status = pendingStatuses.get(jobId);
        return status == null || status.explanation().isBlank() ? Optional.empty()
                : Optional.of(status.explanation());
    }

    /** Backfill's estimate of a pending job's start, when it made one. */
    public Optional<Instant> expectedStart(long jobId) {
        return Optional.ofNullable(expectedStarts.get(jobId));
    }

    /**
     * Slurm's will-run test (sbatch --test-only): the job planned as if it were first in the queue, against the
     * running jobs and their expected ends, with backfill's look-ahead even where backfill is off; pending jobs are
     * not in its way. Nothing changes: no job id is taken and no pass's published state is touched. Empty when the
     * job could not start within bf_window (nodes down, or more than the partition ever frees).
     */
    public synchronized Optional<WillRunEstimate> willRun(JobSpec spec) {
        Instant now = clock.instant();
        ClusterConfig cfg = config.get();
        List<String> partitions = knownPartitions(cfg, spec.partition());
        if (partitions.isEmpty()) {
            return Optional.empty();
        }
        long jobId = store.nextJobId();
        Optional<Instant> begin = spec.beginTime() > now.getEpochSecond()
                ? Optional.of(Instant.ofEpochSecond(spec.beginTime())) : Optional.empty();
        PendingJob job = new PendingJob(jobId, spec.uid(), partitions, Long.MAX_VALUE, now,
                spec.resources().timeLimit().filter(l -> !l.isUnlimited()).map(TimeLimit::toDuration),
                SchedModel.request(spec), new Eligibility(Eligibility.Hold.NONE, Eligibility.DependencyState.NONE,
                begin), Optional.empty(), Optional.of(spec.reservation()).filter(r -> !r.isEmpty()));
        SchedulerParams params = cfg.schedulerParams();
        BackfillParams bf = params.backfill();
        Plan plan = Scheduler.schedule(snapshot(cfg, now), List.of(job), now, params.withBackfill(new BackfillParams(
                true, bf.window(), bf.resolution(), bf.maxJobTest(), bf.bfContinue(), 0, 0, bf.busyNodes())));
        Optional<WillRunEstimate> startsNow = plan.start(jobId).map(start -> new WillRunEstimate(jobId, now,
                start.partition(), control.summary(start.allocation())));
        if (startsNow.isPresent()) {
            return startsNow;
        }
        return plan.reservation(jobId).map(r -> new WillRunEstimate(jobId, r.expectedStart(), r.partition(),
                control.summary(r.allocation())));
    }

    /** One pass; returns the jobs started. Runs on the loop's thread, or directly in tests. */
    public synchronized List<Job> runPass() {
        try {
            beforePass.run();
        } catch (RuntimeException e) {
            log.warn("Priority update before the scheduling pass failed: {}", e.toString());
        }
        PassTimer timer = new PassTimer();
        Instant now = clock.instant();
        ClusterConfig cfg = config.get();
        preemption.expire(now);
        control.resumePreempted(FreeResources.of(snapshot(cfg, now)));
        gang.apply(cfg, now);
        Map<Long, String> reasons = new HashMap<>();
        List<PendingJob> pending = pendingJobs(cfg, now, reasons);
        if (pending.isEmpty()) {
            pendingReasons = Collections.unmodifiableMap(reasons);
            expectedStarts = Map.of();
            pendingStatuses = Map.of();
            timer.record(statistics, 0, 0, 0, now.getEpochSecond());
            return List.of();
        }
        ClusterSnapshot snapshot = snapshot(cfg, now);
        // Between backfill runs a pass is the main scheduler's only: the head of each partition, in priority
        // order, up to default_queue_depth. It still starts whatever fits at once, freed cores included.
        boolean backfill = cfg.schedulerParams().backfill().enabled()
                && backfillClock.due(now, cfg.backfillInterval());
        SchedulerParams params = backfill ? cfg.schedulerParams()
                : cfg.schedulerParams().withBackfill(cfg.schedulerParams().backfill().disabled());
        if (backfill) {
            backfillClock.ran(now);
        }
        Plan plan = Scheduler.schedule(snapshot, pending, now, params, preemption.input(cfg,
                pending.stream().map(PendingJob::jobId).toList(), snapshot.running(), now), timer);
        long commitStart = System.nanoTime();
        preemption.apply(plan, now);
        List<Job> started = commit(plan, cfg, now);
        if (!started.isEmpty()) {
            // A job started on cores of lower-tier gang jobs takes them now, as Slurm's gang scheduler does when
            // a job starts, not at the next pass (a newcomer itself is not suspended in its first seconds).
            gang.apply(cfg, now);
        }
        int backfilled = (int) started.stream()
                .filter(job -> plan.start(job.jobId()).map(JobStart::backfilled).orElse(false)).count();
        timer.record(statistics, System.nanoTime() - commitStart, backfilled, plan.reservations().size(),
                now.getEpochSecond());
        Map<Long, Instant> starts = new HashMap<>();
        for (PendingStatus status : plan.pending().values()) {
            reasons.put(status.jobId(), status.reason().slurmName());
            status.expectedStart().ifPresent(at -> starts.put(status.jobId(), at));
        }
        // Published as they are (never changed after this), not copied: over a deep queue each copy was one more
        // map of every pending job per pass, kept until the next pass and so copied by the collector as well.
        pendingReasons = Collections.unmodifiableMap(reasons);
        if (backfill) {
            // Only backfill estimates starts; a main-only pass keeps the last run's (squeue --start, StartTime).
            // A job started since is no longer pending, so its stale estimate is never shown.
            expectedStarts = Collections.unmodifiableMap(starts);
        }
        pendingStatuses = plan.pending();
        return started;
    }

    /**
     * Propose, then verify: each start is re-checked against the nodes and allocations as they are now. The pass's
     * starts are made durable together, with one journal sync (each of its own cost one, under the job-control
     * lock that completions wait for), and only then are their nodes told: a crash never leaves a job running
     * whose start the controller forgets.
     */
    private List<Job> commit(Plan plan, ClusterConfig cfg, Instant now) {
        List<Job> started = new ArrayList<>();
        if (plan.starts().isEmpty()) {
            return started;
        }
        ClusterSnapshot live = snapshot(cfg, now);
        FreeResources free = FreeResources.of(live);
        ResourceFit fit = new ResourceFit(cfg.schedulerParams().select());
        List<JobControl.PreparedStart> prepared;
        try {
            prepared = store.durablyTogether(() -> prepareStarts(plan, live, free, fit));
        } catch (RuntimeException e) {
            log.error("sched: the pass's job starts could not be made durable, none is launched: {}", e.getMessage());
            return started;
        }
        if (prepared.size() > 1) {
            log.info("sched: {} job starts journaled with one sync", prepared.size());
        }
        for (JobControl.PreparedStart start : prepared) {
            if (control.launch(start)) {
                started.add(start.running());
            }
        }
        return started;
    }

    private List<JobControl.PreparedStart> prepareStarts(Plan plan, ClusterSnapshot live, FreeResources free,
                                                         ResourceFit fit) {
        List<JobControl.PreparedStart> prepared = new ArrayList<>();
        for (JobStart start : plan.starts()) {
            Optional<Job> job = store.get(start.jobId());
            Optional<Partition> partition = live.partition(start.partition());
            if (job.isEmpty() || partition.isEmpty()) {
                continue;
            }
            Optional<String> problem = fit.verify(SchedModel.request(job.get().spec()), partition.get(),
                    start.allocation(), free);
            if (problem.isPresent()) {
                log.info("sched: JobId={} not started, its proposed allocation no longer fits: {}",
                        job.get().displayId(), problem.get());
                continue;
            }
            try {
                boolean shared = fit.shares(SchedModel.request(job.get().spec()), partition.get());
                control.prepareStart(start.jobId(), start.allocation(), start.partition()).ifPresent(ready -> {
                    free.allocate(start.allocation(), shared);
                    prepared.add(ready);
                });
            } catch (RuntimeException e) {
                log.warn("sched: JobId={} not started: {}", job.get().displayId(), e.getMessage());
            }
        }
        return prepared;
    }

    private ClusterSnapshot snapshot(ClusterConfig cfg, Instant now) {
        Map<String, Allocations.NodeUsage> usage = allocations.usageByNode();
        List<Node> schedNodes = new ArrayList<>();
        for (NodeView view : nodes.all()) {
            schedNodes.add(SchedModel.node(view, usage.getOrDefault(view.name(), Allocations.NodeUsage.NONE)));
        }
        List<Partition> partitions = cfg.slurm().partitions().stream().map(SchedModel::partition).toList();
        List<RunningJob> running = new ArrayList<>();
        Map<String, Partition> byName = new HashMap<>();
        partitions.forEach(p -> byName.put(p.name(), p));
        ResourceFit fit = new ResourceFit(cfg.schedulerParams().select());
        List<LimitedJob> limitUsage = new ArrayList<>();
        for (var entry : allocations.all().entrySet()) {
            Optional<Job> allocated = store.get(entry.getKey());
            // A suspended job still counts against its limits, as in Slurm.
            allocated.ifPresent(job -> limits.limited(job.spec()).ifPresent(limitUsage::add));
            // A suspended job holds only memory, which the node usage above already counts; one suspended by gang
            // time-slicing keeps its cores, shared with the jobs it takes turns with.
            allocated.filter(job -> job.state() != JobState.SUSPENDED || gang.holdsCores(job.jobId())).ifPresent(job -> {
                TimeLimit limit = control.timeLimit(job, job.spec().partition());
                long start = job.status().startTime();
                long suspended = SuspendClock.suspendedSeconds(job.status(), now.getEpochSecond());
                Optional<Instant> end = limit.isUnlimited() ? Optional.empty()
                        : Optional.of(Instant.ofEpochSecond(start + suspended).plus(limit.toDuration()));
                running.add(new RunningJob(job.jobId(), job.spec().partition(), entry.getValue(), end,
                        shares(fit, byName.get(job.spec().partition()), job)));
            });
        }
        return new ClusterSnapshot(schedNodes, partitions, running, new LimitInputs(limits.policy(), limitUsage,
                limits.used()), reservations.get());
    }

    /** Whether a running job shares its cores (OverSubscribe=FORCE, or YES and the job asked). */
    private static boolean shares(ResourceFit fit, Partition partition, Job job) {
        if (partition == null || partition.overSubscribe() == io.jslurm.sched.model.OverSubscribe.NO
                || partition.overSubscribe() == io.jslurm.sched.model.OverSubscribe.EXCLUSIVE) {
            return false;
        }
        return fit.shares(SchedModel.request(job.spec()), partition);
    }

    private List<PendingJob> pendingJobs(ClusterConfig cfg, Instant now, Map<Long, String> reasons) {
        List<Job> queued = store.query(job -> job.state() == JobState.PENDING);
        if (queued.isEmpty()) {
            return List.of();
        }
        Map<Long, Integer> tasksRunningOrOffered = new HashMap<>();
        for (Job job : store.query(j -> j.isArrayTask() && j.state().holdsResources())) {
            tasksRunningOrOffered.merge(job.arrayJobId(), 1, Integer::sum);
        }
        DependencyCheck dependencies = new DependencyCheck(this::jobsById, this::singletonBlocked);
        List<PendingJob> pending = new ArrayList<>();
        for (Job job : queued) {
            // Only as many tasks as the %N limit leaves room for are offered, so one pass cannot exceed it.
            if (job.arrayMaxRunning() > 0 && job.status().hold() == Hold.NONE) {
                int running = tasksRunningOrOffered.getOrDefault(job.arrayJobId(), 0);
                if (running >= job.arrayMaxRunning()) {
                    reasons.put(job.jobId(), PendingReason.JOB_ARRAY_TASK_LIMIT.slurmName());
                    continue;
                }
                tasksRunningOrOffered.put(job.arrayJobId(), running + 1);
            }
            List<String> partitions = knownPartitions(cfg, job.spec().partition());
            if (partitions.isEmpty()) {
                reasons.put(job.jobId(), "PartitionConfig");
                continue;
            }
            Eligibility.DependencyState dependency;
            try {
                dependency = dependencies.evaluate(job, job.spec().dependency());
            } catch (IllegalArgumentException e) {
                dependency = Eligibility.DependencyState.NEVER_SATISFIED;
            }
            pending.add(new PendingJob(job.jobId(), job.spec().uid(), partitions, priority.priority(job, now),
                    Instant.ofEpochSecond(job.status().submitTime()),
                    job.spec().resources().timeLimit().filter(l -> !l.isUnlimited()).map(TimeLimit::toDuration),
                    SchedModel.request(job.spec()), eligibility(job, dependency, now), limits.limited(job.spec()),
                    Optional.of(job.spec().reservation()).filter(r -> !r.isEmpty())));
        }
        return pending;
    }

    /** The partitions of a job's comma-separated list that slurm.conf still has (without a stream: once per job and pass). */
    private static List<String> knownPartitions(ClusterConfig cfg, String list) {
        if (list.indexOf(',') < 0) {
            return cfg.partition(list).isPresent() ? List.of(list) : List.of();
        }
        List<String> known = new ArrayList<>();
        for (String name : list.split(",")) {
            if (cfg.partition(name).isPresent()) {
                known.add(name);
            }
        }
        return known;
    }

    /** The priority squeue shows, as PriorityType computes it now. */
    public long priority(Job job) {
        return priority.priority(job, clock.instant());
    }

    /** priority/basic: pinned by an operator, 0 while held, else a countdown by job id. */
    public static long basicPriority(Job job) {
        if (job.status().hold() != Hold.NONE) {
            return 0;
        }
        if (job.status().priority() > 0) {
            return job.status().priority();
        }
        return Math.max(1, BASIC_PRIORITY_TOP - job.jobId() - job.spec().nice());
    }

    private static Eligibility eligibility(Job job, Eligibility.DependencyState dependency, Instant now) {
        Eligibility.Hold hold = switch (job.status().hold()) {
            case NONE -> Eligibility.Hold.NONE;
            case USER -> Eligibility.Hold.USER;
            case ADMIN -> Eligibility.Hold.ADMIN;
        };
        long begin = job.spec().beginTime();
        Optional<Instant> beginTime = begin > now.getEpochSecond() ? Optional.of(Instant.ofEpochSecond(begin))
                : Optional.empty();
        return new Eligibility(hold, dependency, beginTime);
    }

    private List<Job> jobsById(io.jslurm.common.jobid.JobIdSpec id) {
        List<Job> found = store.find(id);
        if (found.isEmpty() && id.selector() instanceof io.jslurm.common.jobid.JobIdSpec.Whole) {
            return store.get(id.jobId()).map(List::of).orElse(List.of());
        }
        return found;
    }

    /** singleton: an earlier job of the same user and name has not ended yet. */
    private boolean singletonBlocked(Job job) {
        return !store.query(other -> other.jobId() < job.jobId() && other.spec().uid() == job.spec().uid()
                && other.spec().name().equals(job.spec().name()) && !other.state().isFinished()).isEmpty();
    }

    @Override
    public void close() {
        closed = true;
        synchronized (wake) {
            wake.notifyAll();
        }
        if (thread != null) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
