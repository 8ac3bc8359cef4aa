package io.jslurm.slurmd.prolog;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Prolog once per job on this node before anything of the job starts here, and the
 * Epilog once when the controller ends the job here, after the job's processes are gone. Both run
 * as root with the job's variables; a failure is logged the way slurmd logs it and handed to
 * {@link HookFailures}.
 */
public final class JobHooks {

    private static final Logger LOG = LoggerFactory.getLogger(JobHooks.class);
    /** How often the epilog checks whether the job's processes are gone. */
    private static final Duration ACTIVE_POLL = Duration.ofMillis(20);
    /** Ended jobs remembered so that a repeated end request does not run the epilog twice. */
    private static final int ENDED_REMEMBERED = 4096;

    private final HookSettings settings;
    private final HookFailures failures;
    private final LongPredicate jobActive;
    private final Duration endWait;
    private final Executor executor;
    private final Map<Long, CompletableFuture<ScriptResult>> prologs = new ConcurrentHashMap<>();
    private final Map<Long, JobHookContext> contexts = new ConcurrentHashMap<>();
    private final Set<Long> ended = Collections.newSetFromMap(Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                    return size() > ENDED_REMEMBERED;
                }
            }));

    /**
     * @param jobActive whether processes of the job (batch script, step tasks) still run here
     * @param endWait   how long the epilog waits for them at most (KillWait and then some)
     * @param executor  where prologs and epilogs run; they may take minutes
     */
    public JobHooks(HookSettings settings, HookFailures failures, LongPredicate jobActive, Duration endWait,
                    Executor executor) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.failures = Objects.requireNonNull(failures, "failures");
        this.jobActive = Objects.requireNonNull(jobActive, "jobActive");
        this.endWait = Objects.requireNonNull(endWait, "endWait");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    public HookSettings settings() {
        return settings;
    }

    /**
     * The job's prolog on this node: started by the first caller, shared by the others. Completes
     * with {@link ScriptResult#NOT_CONFIGURED} when there is no Prolog.
     */
    public CompletableFuture<ScriptResult> prolog(JobHookContext job) {
        contexts.merge(job.jobId(), job, (known, given) -> known.uid() < 0 ? given : known);
        return prologs.computeIfAbsent(job.jobId(), id -> {
            ended.remove(id);
            if (settings.prolog().isEmpty()) {
                return CompletableFuture.completedFuture(ScriptResult.NOT_CONFIGURED);
            }
            return CompletableFuture.supplyAsync(() -> runProlog(job), executor);
        });
    }

    /**
     * A job this node runs without having started it since slurmd started (taken back after a restart): its
     * Epilog gets these variables. A context learnt from a launch is kept.
     */
    public void remember(JobHookContext job) {
        contexts.merge(job.jobId(), job, (known, given) -> known.uid() < 0 ? given : known);
    }

    /** Waits for the job's prolog; true when the job may start here. */
    public boolean awaitProlog(JobHookContext job) throws InterruptedException {
        try {
            return prolog(job).get().succeeded();
        } catch (ExecutionException e) {
            return false;
        }
    }

    private ScriptResult runProlog(JobHookContext job) {
        return runAndReport(settings.prolog().get(), job, "prolog", failures::prologFailed);
    }

    /** Runs the program; a failure is logged as slurmd logs it and handed on. */
    private ScriptResult runAndReport(Path program, JobHookContext job, String what,
                                      BiConsumer<JobHookContext, ScriptResult> onFailure) {
        ScriptResult result = run(program, job, what + "_slurmd");
        if (!result.succeeded()) {
            LOG.error("[job {}] {} failed {}", job.jobId(), what, result.status());
            onFailure.accept(job, result);
        } else {
            LOG.debug("[job {}] {} done", job.jobId(), what);
        }
        return result;
    }

    /**
     * The controller ended the job here: once its processes are gone, the Epilog runs (once per
     * job). Returns at once.
     *
     * @param fallback what to tell the epilog when this node never saw the job start
     */
    public void jobEnded(long jobId, JobHookContext fallback) {
        if (!ended.add(jobId)) {
            return;
        }
        CompletableFuture<ScriptResult> prolog = prologs.remove(jobId);
        JobHookContext job = Objects.requireNonNullElse(contexts.remove(jobId), fallback);
        if (settings.epilog().isEmpty()) {
            return;
        }
        CompletableFuture<ScriptResult> before = prolog == null ? CompletableFuture.completedFuture(null) : prolog;
        // A prolog still running finishes first, as in Slurm: the epilog cleans up after it.
        before.handle((r, e) -> null).thenRunAsync(() -> runEpilog(job), executor);
    }

    private void runEpilog(JobHookContext job) {
        long deadline = System.nanoTime() + endWait.toNanos();
        try {
            while (jobActive.test(job.jobId()) && System.nanoTime() < deadline) {
                Thread.sleep(ACTIVE_POLL.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        runAndReport(settings.epilog().get(), job, "epilog", failures::epilogFailed);
    }

    private ScriptResult run(Path program, JobHookContext job, String context) {
        try {
            return HookScript.run(List.of(program.toString()), job.environment(context), Path.of("/"),
                    settings.timeout());
        } catch (IOException e) {
            LOG.error("[job {}] cannot run {}: {}", job.jobId(), program, e.getMessage());
            return new ScriptResult(127, 0, false, "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ScriptResult(1, 0, false, "");
        }
    }
}
