package io.jslurm.slurmd.launch;

import io.jslurm.common.signal.Signal;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One batch job while it runs on this node: its spool directory, its cgroup, and the timers for
 * its warning signal and time limit. Ending a job (limit or cancel) is SIGCONT and SIGTERM to every
 * process, then SIGKILL after KillWait, as slurmd does.
 */
final class RunningJob {
    private static final Logger LOG = LoggerFactory.getLogger(RunningJob.class);

    private final long jobId;
    private final JobSpool spool;
    private final Cgroup cgroup;
    private final Optional<Cgroup> batchStep;
    private final ScheduledExecutorService scheduler;
    private final Duration killWait;
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    private JobState forcedEnd;
    private boolean finished;
    /** What the timers were armed from, kept to arm them again on resume. */
    private SpoolRecord record;
    private InstantSource clock;
    /** Time spent suspended and the current suspension, as the spool keeps them for a restarted slurmd. */
    private SuspendTimes suspension;

    RunningJob(long jobId, JobSpool spool, Cgroup cgroup, Optional<Cgroup> batchStep,
               ScheduledExecutorService scheduler, Duration killWait) {
        this.jobId = jobId;
        this.spool = spool;
        this.cgroup = cgroup;
        this.batchStep = batchStep;
        this.scheduler = scheduler;
        this.killWait = killWait;
        this.forcedEnd = spool.endReason().orElse(null);
        this.suspension = recordedSuspension(jobId, spool);
    }

    /** What the spool says of the job's suspensions; a file that cannot be read counts as none, with an error. */
    private static SuspendTimes recordedSuspension(long jobId, JobSpool spool) {
        try {
            return spool.suspendTimes();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            LOG.error("job {}: suspend times lost: {}", jobId, e.getMessage());
            return SuspendTimes.NEVER;
        }
    }

    long jobId() {
        return jobId;
    }

    JobSpool spool() {
        return spool;
    }

    Cgroup cgroup() {
        return cgroup;
    }

    /** The batch step's own cgroup, where the script's processes are. */
    Optional<Cgroup> batchStep() {
        return batchStep;
    }

    /**
     * Arms the warning signal and the time limit, from the clock's now; past deadlines fire at
     * once. A job a previous slurmd had begun to end gets its SIGKILL after KillWait again.
     */
    synchronized void armTimers(SpoolRecord record, InstantSource clock) {
        this.record = record;
        this.clock = clock;
        if (forcedEnd != null) {
            scheduleKill();
            return;
        }
        if (suspension.suspended()) {
            // Frozen: the time limit does not run until resume arms the timers again.
            return;
        }
        Optional<Instant> end = record.endTime().map(suspension::pushedOut);
        if (end.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        record.signal().ifPresent(spec -> schedule(
                Duration.between(now, end.get().minusSeconds(spec.delaySeconds())), () -> warn(spec)));
        schedule(Duration.between(now, end.get()), () -> end(JobState.TIMEOUT));
    }

    /**
     * {@link #armTimers} for a job a previous slurmd left running, once the recorded suspensions agree with the
     * cgroup's freezer: the freezer says whether the job is suspended now (a slurmd may stop between freezing and
     * recording, or between thawing and recording), the record since when and for how long before.
     */
    synchronized void armTimersAfterRestart(SpoolRecord record, InstantSource clock) {
        boolean frozen = cgroup != null && forcedEnd == null && cgroup.isFrozen();
        Instant now = clock.instant();
        if (frozen && !suspension.suspended()) {
            changeSuspension(suspension.suspendedAt(now));
        } else if (!frozen && suspension.suspended()) {
            changeSuspension(suspension.resumedAt(now));
        }
        if (suspension.suspended()) {
            LOG.info("job {}: still suspended, since {}; {} s suspended before", jobId, suspension.since().get(),
                    suspension.before().toSeconds());
        }
        armTimers(record, clock);
    }

    /** Keeps the new suspend times in memory and in the spool; a spool that cannot be written is logged. */
    private void changeSuspension(SuspendTimes times) {
        suspension = times;
        try {
            spool.recordSuspendTimes(times);
        } catch (IOException | UncheckedIOException e) {
            LOG.error("job {}: cannot record its suspend times; a restarted slurmd would not know them: {}", jobId,
                    e.getMessage());
        }
    }

    private Instant now() {
        return clock == null ? Instant.now() : clock.instant();
    }

    private void warn(SignalSpec spec) {
        LOG.info("job {}: sending SIG{} to {} before its time limit", jobId, spec.signal(),
                spec.batchShellOnly() ? "the batch shell" : "all processes");
        signal(spec.signal(), spec.batchShellOnly());
    }

    /** Delivers a signal without ending the job: to every process, or to the batch shell only. */
    synchronized void signal(Signal signal, boolean batchShellOnly) {
        if (finished || cgroup == null) {
            return;
        }
        if (!batchShellOnly) {
            cgroup.signal(signal.number());
            return;
        }
        OptionalLong pid = spool.scriptPid();
        if (pid.isEmpty()) {
            LOG.warn("job {}: batch shell not started yet, signal {} dropped", jobId, signal);
        } else if (LibC.INSTANCE.kill((int) pid.getAsLong(), signal.number()) != 0) {
            LOG.warn("job {}: signal {} to batch shell {} failed", jobId, signal, pid.getAsLong());
        }
    }

    /**
     * scontrol suspend: freezes every process of the job and stops the clock of its time limit and warning
     * signal. Suspending a suspended job changes nothing.
     */
    synchronized void suspend() {
        if (finished || forcedEnd != null || cgroup == null || suspension.suspended()) {
            return;
        }
        cgroup.freeze();
        changeSuspension(suspension.suspendedAt(now()));
        timers.forEach(timer -> timer.cancel(false));
        timers.clear();
        LOG.info("job {}: suspended", jobId);
    }

    /** scontrol resume: thaws the processes; the time limit is pushed back by the time spent suspended. */
    synchronized void resume() {
        if (finished || cgroup == null) {
            return;
        }
        if (!suspension.suspended()) {
            // Not suspended as far as slurmd knows; a frozen cgroup (suspended by hand) is thawed all the same.
            if (cgroup.isFrozen()) {
                cgroup.thaw();
                LOG.info("job {}: resumed (frozen without a suspend request)", jobId);
            }
            return;
        }
        cgroup.thaw();
        changeSuspension(suspension.resumedAt(now()));
        LOG.info("job {}: resumed after {} s suspended in all", jobId, suspension.before().toSeconds());
        if (record != null && forcedEnd == null) {
            armTimers(record, clock);
        }
    }

    synchronized boolean isSuspended() {
        return suspension.suspended();
    }

    /** Ends the job as CANCELLED or TIMEOUT; the first reason given is the one reported. */
    synchronized void end(JobState reason) {
        if (finished || forcedEnd != null || cgroup == null) {
            return;
        }
        if (suspension.suspended()) {
            // Frozen processes would not see SIGTERM before KillWait ran out.
            cgroup.thaw();
            changeSuspension(suspension.resumedAt(now()));
        }
        forcedEnd = reason;
        try {
            spool.recordEndReason(reason);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        LOG.info("job {}: ending ({}): SIGTERM now, SIGKILL in {} s", jobId, reason, killWait.toSeconds());
        cgroup.signal(Signal.CONT.number());
        cgroup.signal(Signal.TERM.number());
        scheduleKill();
    }

    private void scheduleKill() {
        schedule(killWait, () -> {
            if (!cgroup.isEmpty()) {
                cgroup.kill();
            }
        });
    }

    synchronized JobState forcedEnd() {
        return forcedEnd;
    }

    /** Stops the timers; later signals and ends are ignored. */
    synchronized void finish() {
        finished = true;
        timers.forEach(timer -> timer.cancel(false));
        timers.clear();
    }

    private void schedule(Duration delay, Runnable action) {
        long millis = Math.max(0, delay.toMillis());
        timers.add(scheduler.schedule(() -> {
            try {
                action.run();
            } catch (CgroupException | UncheckedIOException e) {
                LOG.error("job {}: {}", jobId, e.getMessage());
            }
        }, millis, TimeUnit.MILLISECONDS));
    }
}
