package io.jslurm.slurmd.launch;

import io.jslurm.common.signal.Signal;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.CgroupUsage;
import io.jslurm.slurmd.cgroup.StepName;
import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import io.jslurm.slurmd.prolog.HookScript;
import io.jslurm.slurmd.prolog.HookSettings;
import io.jslurm.slurmd.prolog.ScriptResult;
import io.jslurm.slurmd.prolog.TaskPrologOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs batch scripts on this node: what slurmd does for a launch request, {@code scancel} and
 * the time limit, and how it takes running jobs back after a restart.
 *
 * <p>Each script runs under {@code job_wrapper.pl} (see {@link JobWrapper}), which stays alive
 * without slurmd and writes the script's wait status into the job's spool directory. A runner
 * learns of the end from its own child's exit, or, for jobs it re-attached, by watching the spool;
 * either way it kills what is left in the job's cgroup, reads the cgroup's usage, reports the
 * {@link JobCompletion}, then removes the cgroup and the spool directory.
 *
 * <p>Wrappers stay in slurmd's own cgroup, so a service manager that kills the whole service on
 * stop would take them along: run slurmd with systemd's {@code KillMode=process}, as Slurm's own
 * unit does. SlurmdSpoolDir must be searchable by users ({@code 0755}), since they execute their
 * script from it.
 */
public final class JobRunner {
    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);
    /** How often a re-attached job's spool is checked for its end. */
    static final Duration REATTACH_POLL = Duration.ofMillis(100);
    /** How long a wrapper may take to start before a re-attaching runner gives up on it. */
    static final Duration WRAPPER_START_GRACE = Duration.ofSeconds(10);
    /** How long the job's processes get to disappear after the final SIGKILL. */
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(10);
    /** How long a launch waits for the previous run of the same job id to be cleaned up. */
    private static final Duration CLEANUP_WAIT = Duration.ofSeconds(10);
    /** The job wrappers' own output, in SlurmdSpoolDir. */
    static final String WRAPPER_LOG = "job_wrapper.log";

    private final RunnerConfig config;
    private final CgroupManager cgroups;
    private final InstantSource clock;
    private final ScheduledExecutorService scheduler;
    private final Consumer<JobCompletion> onComplete;
    private final JobWrapper wrapper;
    /** Starts TaskProlog and TaskEpilog in the batch step's cgroup (created there by clone3 on v2). */
    private final TaskExec taskExec;
    private final Map<Long, RunningJob> jobs = new ConcurrentHashMap<>();
    /** Jobs whose end was handed on and whose cgroup and spool are being removed; done when they are. */
    private final Map<Long, CompletableFuture<Void>> cleanups = new ConcurrentHashMap<>();
    /** What TaskEpilog needs of the batch scripts this runner started or re-attached. */
    private final Map<Long, BatchTask> batchTasks = new ConcurrentHashMap<>();
    private volatile HookSettings taskScripts = HookSettings.NONE;

    private record BatchTask(JobUser user, List<Integer> groups, Map<String, String> env, Path workDir) {
    }

    /** TaskProlog and TaskEpilog for batch scripts; set once at start. */
    public void taskScripts(HookSettings settings) {
        this.taskScripts = Objects.requireNonNull(settings, "settings");
    }
    private volatile boolean shutDown;

    public JobRunner(RunnerConfig config, CgroupManager cgroups, InstantSource clock,
                     ScheduledExecutorService scheduler, Consumer<JobCompletion> onComplete) throws IOException {
        this.config = Objects.requireNonNull(config, "config");
        this.cgroups = Objects.requireNonNull(cgroups, "cgroups");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.onComplete = Objects.requireNonNull(onComplete, "onComplete");
        JobWrapper.requireTools();
        Files.createDirectories(config.spoolDir());
        this.wrapper = JobWrapper.install(config.spoolDir());
        this.taskExec = TaskExec.install(config.spoolDir());
    }

    /**
     * Starts the batch script: spool files, cgroup, then the wrapper. Returns once the wrapper
     * runs; the script's output files and identity are the wrapper's to set up.
     *
     * @param limits what the job's cgroup confines (CPUs, memory, devices), from the allocation
     */
    public void launch(BatchLaunch job, CgroupLimits limits) throws IOException {
        long jobId = job.jobId();
        awaitCleanup(jobId);
        if (jobs.containsKey(jobId)) {
            throw new IllegalStateException("job " + jobId + " is already running here");
        }
        JobUser user = job.user();
        JobSpool spool = JobSpool.create(config.spoolDir(), jobId);
        SpoolRecord record = new SpoolRecord(jobId, user.uid(), job.endTime(), job.signal(), Optional.of(user),
                Optional.of(job.workDir()));
        Cgroup jobCgroup = null;
        Cgroup batch;
        Process process;
        try {
            List<Integer> groups = GroupDatabase.groupsOf(user);
            spool.writeScript(job.script(), user);
            jobCgroup = cgroups.createJob(user.uid(), jobId, limits);
            batch = cgroups.createStep(user.uid(), jobId, StepName.BATCH, CgroupLimits.NONE);
            Map<String, String> env = new TreeMap<>(JobEnvironment.of(job, config.node(),
                    GroupDatabase.nameOf(user.gid())));
            List<String> printed = runTaskScript(taskScripts.taskProlog(), user, groups, batch, env, job.workDir(),
                    jobId);
            spool.writeEnvironment(env);
            spool.writeTaskPrint(printed);
            batchTasks.put(jobId, new BatchTask(user, groups, env, job.workDir()));
            List<String> child = wrapper.childArguments(batch, user, groups, spool.script(), job.argv());
            spool.writeRecord(record);
            process = start(wrapper.command(spool, user, groups, job.workDir(), StdioFiles.of(job),
                    job.stdio().openMode() == OpenMode.APPEND, child));
        } catch (IOException | RuntimeException e) {
            batchTasks.remove(jobId);
            abandon(jobId, spool, jobCgroup);
            throw e;
        }
        RunningJob running = new RunningJob(jobId, spool, jobCgroup, Optional.of(batch), scheduler, config.killWait());
        jobs.put(jobId, running);
        running.armTimers(record, clock);
        LOG.info("job {}: batch script started for {} (uid {}) in {}", jobId, user.name(), user.uid(), job.workDir());
        process.onExit().thenApply(exited -> System.nanoTime())
                .thenAcceptAsync(exitedAt -> complete(running, exitedAt), scheduler).exceptionally(failure -> {
            LOG.error("job {}: completion failed", jobId, failure);
            return null;
        });
    }

    /**
     * TaskProlog or TaskEpilog as the job's user in the batch step's cgroup, with the script's
     * environment, which a TaskProlog's {@code export}/{@code unset} lines change.
     *
     * @return a TaskProlog's {@code print} lines, for the start of the script's output
     */
    private List<String> runTaskScript(Optional<Path> program, JobUser user, List<Integer> groups, Cgroup cgroup,
                                       Map<String, String> env, Path workDir, long jobId) {
        if (program.isEmpty()) {
            return List.of();
        }
        Path dir = Files.isDirectory(workDir) ? workDir : Path.of("/tmp");
        try {
            ScriptResult result = HookScript.run(taskExec.command(cgroup, user, groups,
                    List.of(program.get().toString())), env, dir, taskScripts.timeout());
            if (!result.succeeded()) {
                LOG.error("job {}: {} failed {}", jobId, program.get(), result.status());
            }
            return TaskPrologOutput.apply(result.output(), env);
        } catch (IOException e) {
            LOG.error("job {}: cannot run {}: {}", jobId, program.get(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return List.of();
    }

    /**
     * The wrappers' own messages (a die before the script runs, Perl's warnings) go to one log in the spool
     * directory, appended to by all of them, rather than a file in each job's spool: one file less to create per
     * job, and they outlive the job's spool, which is removed at its end.
     */
    private Process start(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(StdioFiles.DEV_NULL.toFile())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(config.spoolDir().resolve(WRAPPER_LOG).toFile()))
                .redirectErrorStream(true);
        builder.environment().clear();
        return builder.start();
    }

    /** Undoes a launch that failed before its wrapper ran: nothing of the user's has started. */
    private static void abandon(long jobId, JobSpool spool, Cgroup jobCgroup) {
        try {
            if (jobCgroup != null) {
                jobCgroup.remove();
            }
            spool.remove();
        } catch (IOException | RuntimeException e) {
            LOG.error("job {}: cleaning up after a failed launch: {}", jobId, e.getMessage());
        }
    }

    /** {@code scancel -s SIG}: delivers the signal and lets the job go on. */
    public void signal(long jobId, Signal signal, boolean batchShellOnly) {
        job(jobId).signal(signal, batchShellOnly);
    }

    /** {@code scontrol suspend}: freezes the job's processes; its time limit stops running. */
    public void suspend(long jobId) {
        job(jobId).suspend();
    }

    /** {@code scontrol resume}: thaws the job's processes. */
    public void resume(long jobId) {
        job(jobId).resume();
    }

    /** {@code scancel}: SIGTERM to every process, SIGKILL after KillWait; the job ends CANCELLED. */
    public void cancel(long jobId) {
        job(jobId).end(JobState.CANCELLED);
    }

    /** RUNNING while the job is here and has not been reported; empty once its completion was. */
    public Optional<JobState> status(long jobId) {
        return jobs.containsKey(jobId) ? Optional.of(JobState.RUNNING) : Optional.empty();
    }

    /** The cgroup of a running job's batch step (sstat -j N.batch); empty when the job does not run here. */
    public Optional<io.jslurm.slurmd.cgroup.Cgroup> batchStep(long jobId) {
        RunningJob job = jobs.get(jobId);
        return job == null ? Optional.empty() : job.batchStep();
    }

    /** The ids of the jobs running here. */
    public List<Long> jobIds() {
        return jobs.keySet().stream().sorted().toList();
    }

    /**
     * Takes back the jobs a previous slurmd left in the spool: their cgroups, timers and ends.
     * A job whose script ended meanwhile is reported at once.
     *
     * @return the ids of the jobs taken back
     */
    public List<Long> reattach() throws IOException {
        return reattach((jobId, environment) -> {
        });
    }

    /** Hears of each job taken back, before its end can be seen. */
    @FunctionalInterface
    public interface ReattachListener {
        /** @param batchEnvironment the batch script's environment as it started, empty when not known */
        void reattached(long jobId, Map<String, String> batchEnvironment);
    }

    /**
     * {@link #reattach()}, telling {@code listener} of each job (the Epilog needs what the job's launch said).
     * A job whose record names its user and working directory gets its TaskEpilog at the end, as one this runner
     * started.
     */
    public List<Long> reattach(ReattachListener listener) throws IOException {
        List<Long> taken = new ArrayList<>();
        for (JobSpool spool : JobSpool.existing(config.spoolDir())) {
            SpoolRecord record = spool.record();
            if (jobs.containsKey(record.jobId())) {
                continue;
            }
            Optional<Cgroup> cgroup = cgroups.findJob(record.jobId());
            if (cgroup.isEmpty()) {
                LOG.error("job {}: spool record without a cgroup; reporting it failed", record.jobId());
            }
            RunningJob running = new RunningJob(record.jobId(), spool, cgroup.orElse(null),
                    cgroups.findStep(record.jobId(), StepName.BATCH), scheduler, config.killWait());
            jobs.put(record.jobId(), running);
            taken.add(record.jobId());
            Map<String, String> env = spool.environment();
            rememberBatchTask(record, env);
            listener.reattached(record.jobId(), env);
            if (cgroup.isPresent()) {
                running.armTimersAfterRestart(record, clock);
            }
            LOG.info("job {}: re-attached", record.jobId());
            scheduler.execute(() -> watch(running));
        }
        return taken;
    }

    private void rememberBatchTask(SpoolRecord record, Map<String, String> env) {
        if (record.user().isEmpty() || record.workDir().isEmpty()) {
            return;
        }
        try {
            JobUser user = record.user().get();
            batchTasks.put(record.jobId(), new BatchTask(user, GroupDatabase.groupsOf(user), env,
                    record.workDir().get()));
        } catch (RuntimeException e) {
            LOG.error("job {}: no TaskEpilog after the script: {}", record.jobId(), e.getMessage());
        }
    }

    /**
     * Stops looking after the jobs without touching them, as slurmd does when it stops: they run
     * on under their wrappers, and a later runner's {@link #reattach()} takes them back.
     */
    public void shutdown() {
        shutDown = true;
        jobs.values().forEach(RunningJob::finish);
        jobs.clear();
        awaitEndsBeingHandedOn();
        LOG.info("job runner stopped; running jobs are left to their wrappers");
    }

    /**
     * An end being handed on when slurmd stops gets a moment to finish (its completion file written, its cgroup
     * and spool removed) before the job threads are interrupted: cut short, it is only reported again by the next
     * slurmd, but a stop right after a job's end is common (a test's, an administrator's).
     */
    private void awaitEndsBeingHandedOn() {
        try {
            CompletableFuture.allOf(cleanups.values().toArray(CompletableFuture[]::new))
                    .get(CLEANUP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.warn("job ends still being handed on at the stop: {}; the next slurmd reports them", cleanups.keySet());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Completes a re-attached job once its wrapper wrote the status, or vanished without one. */
    private void watch(RunningJob running) {
        if (shutDown) {
            return;
        }
        try {
            boolean wrapperGone = wrapperGone(running.spool());
            if (running.spool().status().isPresent() || wrapperGone || running.cgroup() == null) {
                complete(running, System.nanoTime());
                return;
            }
        } catch (RuntimeException e) {
            LOG.error("job {}: completion failed", running.jobId(), e);
            return;
        }
        scheduler.schedule(() -> watch(running), REATTACH_POLL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Whether the job's wrapper is no longer running. A wrapper that has not written its pid yet
     * counts as gone only once the record is older than {@link #WRAPPER_START_GRACE}: then the
     * previous slurmd stopped between writing the record and starting the wrapper.
     */
    private boolean wrapperGone(JobSpool spool) {
        OptionalLong pid = spool.wrapperPid();
        if (pid.isPresent()) {
            return ProcessHandle.of(pid.getAsLong()).map(process -> !process.isAlive()).orElse(true);
        }
        return spool.recordWritten().plus(WRAPPER_START_GRACE).isBefore(clock.instant());
    }

    /** @param exitedAt when the wrapper's exit was seen ({@link System#nanoTime}), for the log's figures */
    private void complete(RunningJob running, long exitedAt) {
        if (shutDown) {
            return;
        }
        long jobId = running.jobId();
        running.finish();
        JobSpool spool = running.spool();
        Optional<String> launchError = spool.launchError();
        Optional<ExitStatus> status = spool.status();
        if (status.isEmpty() && launchError.isEmpty()) {
            launchError = Optional.of("the job wrapper ended without recording the script's status");
        }
        ExitStatus exit = launchError.isPresent() ? new ExitStatus(1, 0) : status.get();
        BatchTask task = batchTasks.remove(jobId);
        if (task != null && launchError.isEmpty()) {
            running.batchStep().ifPresent(step -> runTaskScript(taskScripts.taskEpilog(), task.user(), task.groups(),
                    step, task.env(), task.workDir(), jobId));
        }
        Drained drained = drain(running);
        JobState state = launchError.isPresent() ? JobState.FAILED
                : JobState.ended(running.forcedEnd(), drained.oomKilled(), exit);
        JobCompletion completion = new JobCompletion(jobId, state, exit, drained.usage(), launchError);
        LOG.info("job {}: {} ExitCode={}{}", jobId, state, exit, launchError.map(e -> " (" + e + ")").orElse(""));
        CompletableFuture<Void> cleaned = new CompletableFuture<>();
        cleanups.put(jobId, cleaned);
        jobs.remove(jobId);
        try {
            // The spool goes only once the completion was taken: should reporting fail, a restarted
            // slurmd finds the job again, with its cgroup, and reports it then.
            onComplete.accept(completion);
            long handedOn = System.nanoTime();
            // The cgroups go after the end was handed on, not before: removing them in every hierarchy (6 or 7 on
            // v1) held the report back by milliseconds per job. Their usage was read above; a slurmd killed
            // before this line finds the spool and the cgroup again, removes both and reports nothing twice.
            if (drained.removable()) {
                removeCgroup(running);
            }
            spool.remove();
            LOG.info("job {}: end handed on {} us after the wrapper's exit; cgroup and spool removed {} us later",
                    jobId, (handedOn - exitedAt) / 1000, (System.nanoTime() - handedOn) / 1000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            cleanups.remove(jobId, cleaned);
            cleaned.complete(null);
        }
    }

    /**
     * What the script left behind, its usage, and whether the cgroup may go.
     *
     * @param removable false when there is no cgroup or processes survived SIGKILL (the cgroup is kept then)
     */
    private record Drained(Optional<CgroupUsage> usage, boolean oomKilled, boolean removable) {
        static final Drained UNKNOWN = new Drained(Optional.empty(), false, false);
    }

    /** Kills what the script left behind and reads the usage; the cgroup is removed later, by the caller. */
    private Drained drain(RunningJob running) {
        Cgroup cgroup = running.cgroup();
        if (cgroup == null) {
            return Drained.UNKNOWN;
        }
        try {
            // One look at the cgroups when the script left nothing behind, as is usual: each look reads every
            // hierarchy's process lists, and remove() looks once more.
            if (!cgroup.isEmpty()) {
                cgroup.kill();
                if (!cgroup.awaitEmpty(DRAIN_TIMEOUT)) {
                    LOG.error("job {}: processes survive SIGKILL; cgroup {} kept", running.jobId(), cgroup.path());
                    CgroupUsage usage = cgroup.usage();
                    return new Drained(Optional.of(usage), usage.oomKilled(), false);
                }
            }
            CgroupUsage usage = cgroup.usage();
            // The job's state follows its batch script, as in Slurm: an OOM kill in an srun step's own cgroup makes
            // that step OUT_OF_MEMORY, not the job. The batch step has no cgroup below it, so v2 (which counts kills
            // in a cgroup's whole tree) and v1 (which counts them where the victim was) agree there; the job's own
            // count stands in only when the batch step's cgroup is not known.
            boolean oomKilled = running.batchStep().map(Cgroup::oomKilled)
                    .orElse(usage.oomKilled());
            return new Drained(Optional.of(usage), oomKilled, true);
        } catch (CgroupException e) {
            LOG.error("job {}: {}", running.jobId(), e.getMessage());
            return Drained.UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Drained.UNKNOWN;
        }
    }

    private static void removeCgroup(RunningJob running) {
        try {
            running.cgroup().remove();
        } catch (CgroupException e) {
            LOG.error("job {}: {}", running.jobId(), e.getMessage());
        }
    }

    /**
     * A job id launched again (a requeued job) while its previous run's cgroup and spool are still being removed
     * waits for that, or the removal could take the new run's directories.
     */
    private void awaitCleanup(long jobId) throws IOException {
        CompletableFuture<Void> cleanup = cleanups.get(jobId);
        if (cleanup == null) {
            return;
        }
        try {
            cleanup.get(CLEANUP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IOException("job " + jobId + ": the previous run's cgroup and spool are still being removed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("job " + jobId + ": interrupted waiting for the previous run's cleanup");
        }
    }

    private RunningJob job(long jobId) {
        RunningJob job = jobs.get(jobId);
        if (job == null) {
            throw new IllegalArgumentException("job " + jobId + " is not running here");
        }
        return job;
    }
}
