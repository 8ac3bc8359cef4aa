package io.jslurm.slurmctld.state;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.protocol.rpc.AnswerExecutor;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.IllegalTransitionException;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobStatus;
import io.jslurm.slurmctld.job.JobTransitions;
import io.jslurm.slurmctld.job.StateChange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job table kept durable by a journal with group commit and periodic snapshots in StateSaveLocation.
 *
 * <p>A change is decided, journaled and applied under one lock, so the journal's order is the table's order;
 * the wait for the disk happens outside that lock, which lets concurrent callers share one fsync. Every
 * submission records the job id counter after it, so no acknowledged job id is handed out again after a crash.
 */
public final class JournaledJobStore implements JobStore {

    private static final Logger log = LoggerFactory.getLogger(JournaledJobStore.class);

    /** SIGTERM: what scancel ends a started job with, in Slurm's records. */
    private static final ExitCode CANCELLED_BY_SIGNAL = ExitCode.of(0, 15);

    private final JobStoreConfig config;
    private final InstantSource clock;
    private final StateDirectory directory;
    private final JobTable table;
    private final JobIdAllocator ids;
    private final Journal journal;
    private final Object mutex = new Object();
    private final Object snapshotLock = new Object();
    private final AtomicBoolean snapshotQueued = new AtomicBoolean();
    private final ExecutorService snapshotter;
    private volatile boolean closed;
    /**
     * Inside {@link #durablyTogether} on a thread: the highest journal ticket of the changes it made there, which
     * that call waits for once. Absent elsewhere, where each change waits for its own.
     */
    private final ThreadLocal<long[]> deferredTicket = new ThreadLocal<>();

    private JournaledJobStore(JobStoreConfig config, InstantSource clock, StateDirectory directory,
                              Recovery.Recovered recovered, Journal journal) {
        this.config = config;
        this.clock = clock;
        this.directory = directory;
        this.table = recovered.table();
        this.ids = new JobIdAllocator(config.firstJobId(), config.maxJobId(), recovered.nextJobId());
        this.journal = journal;
        this.snapshotter = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "job-state-snapshot");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Recovers the job table from StateSaveLocation (empty on first start) and opens it for changes. */
    public static JournaledJobStore open(JobStoreConfig config, InstantSource clock) {
        return open(config, clock, SegmentSync.FSYNC);
    }

    static JournaledJobStore open(JobStoreConfig config, InstantSource clock, SegmentSync sync) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(clock, "clock");
        StateDirectory directory = null;
        try {
            long started = System.nanoTime();
            directory = StateDirectory.open(config.stateSaveLocation());
            Recovery.Recovered recovered = Recovery.run(directory);
            // Appending always starts in a fresh segment, never after a tail that recovery cut off.
            Journal journal = Journal.start(directory, recovered.lastSequence() + 1, sync);
            JournaledJobStore store = new JournaledJobStore(config, clock, directory, recovered, journal);
            log.info("Recovered {} jobs ({} journal entries replayed, {} torn bytes dropped) from {} in {} ms; next job id {}",
                    recovered.table().size(), recovered.replayedEntries(), recovered.tornBytes(),
                    config.stateSaveLocation(), (System.nanoTime() - started) / 1_000_000, store.nextJobId());
            return store;
        } catch (IOException e) {
            closeQuietly(directory);
            throw new JobStoreException("cannot recover job state from " + config.stateSaveLocation(), e);
        } catch (RuntimeException e) {
            closeQuietly(directory);
            throw e;
        }
    }

    @Override
    public Job submit(JobSpec spec) {
        return commit(submission(spec));
    }

    @Override
    public CompletionStage<Job> submitAsync(JobSpec spec) {
        return commitAsync(submission(spec));
    }

    private Decision<Job> submission(JobSpec spec) {
        Objects.requireNonNull(spec, "spec");
        return () -> {
            long now = now();
            Job job = new Job(ids.allocate(table::contains), 0, Job.NO_TASK, 0, spec,
                    JobTransitions.submitted(spec, now));
            return new Change<>(new JournalEntry.Submitted(List.of(job), ids.next()), job);
        };
    }

    @Override
    public List<Job> submitArray(JobSpec spec, ArraySpec array) {
        return commit(arraySubmission(spec, array));
    }

    @Override
    public CompletionStage<List<Job>> submitArrayAsync(JobSpec spec, ArraySpec array) {
        return commitAsync(arraySubmission(spec, array));
    }

    private Decision<List<Job>> arraySubmission(JobSpec spec, ArraySpec array) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(array, "array");
        return () -> {
            JobStatus status = JobTransitions.submitted(spec, now());
            List<Job> tasks = new ArrayList<>(array.taskIds().size());
            long arrayJobId = 0;
            // Ids given to earlier tasks are not in the table yet, but a wrap must not hand them out again.
            Set<Long> taken = new HashSet<>();
            int maxRunning = array.maxRunning().orElse(0);
            for (int taskId : array.taskIds().stream().toArray()) {
                long jobId = ids.allocate(id -> table.contains(id) || taken.contains(id));
                taken.add(jobId);
                if (arrayJobId == 0) {
                    arrayJobId = jobId;
                }
                tasks.add(new Job(jobId, arrayJobId, taskId, maxRunning, spec, status));
            }
            return new Change<>(new JournalEntry.Submitted(tasks, ids.next()), List.copyOf(tasks));
        };
    }

    @Override
    public Optional<Job> get(long jobId) {
        return table.get(jobId);
    }

    @Override
    public List<Job> find(JobIdSpec id) {
        return table.find(id);
    }

    @Override
    public List<Job> query(Predicate<? super Job> filter) {
        return table.query(filter);
    }

    @Override
    public int size() {
        return table.size();
    }

    @Override
    public Job update(long jobId, UnaryOperator<JobSpec> change) {
        return commit(() -> {
            Job job = existing(jobId);
            if (job.state().isFinished()) {
                throw new IllegalTransitionException(job.displayId(), job.state(), job.state(),
                        "a finished job cannot be updated");
            }
            JobSpec updated = Objects.requireNonNull(change.apply(job.spec()), "updated spec");
            if (updated.uid() != job.spec().uid() || !updated.user().equals(job.spec().user())) {
                throw new IllegalArgumentException("a job's owner cannot be changed");
            }
            return new Change<>(new JournalEntry.SpecUpdated(jobId, updated), job.withSpec(updated));
        });
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        return changeStatus(jobId, job -> JobTransitions.apply(job, change, now()));
    }

    @Override
    public Job cancel(long jobId) {
        return cancel(jobId, -1, ExitCode.SUCCESS);
    }

    @Override
    public Job cancel(long jobId, long byUid, ExitCode stepsExit) {
        return changeStatus(jobId, job -> {
            if (job.state() == JobState.COMPLETING) {
                // Already ending: its final state is decided by how it ends, not by a late scancel.
                throw new IllegalTransitionException(job.displayId(), job.state(), JobState.CANCELLED,
                        "job is already completing");
            }
            // A job cancelled once started ended by signal 15, as Slurm records it (ExitCode 0:15); one cancelled
            // while pending never ran and keeps 0:0. Its DerivedExitCode is its ended steps' worst, as at any end.
            StateChange cancel = job.status().startTime() > 0
                    ? StateChange.to(JobState.CANCELLED).withExitCodes(CANCELLED_BY_SIGNAL, stepsExit)
                    : StateChange.to(JobState.CANCELLED);
            return JobTransitions.apply(job, cancel, now());
        });
    }

    @Override
    public Job hold(long jobId, Hold hold) {
        return changeStatus(jobId, job -> JobTransitions.hold(job, hold));
    }

    @Override
    public Job release(long jobId) {
        return changeStatus(jobId, job -> JobTransitions.release(job, now()));
    }

    @Override
    public Job prioritize(long jobId, long priority) {
        return changeStatus(jobId, job -> JobTransitions.prioritized(job, priority));
    }

    @Override
    public Job requeue(long jobId) {
        return changeStatus(jobId, job -> {
            long now = now();
            JobStatus requeued = JobTransitions.apply(job, StateChange.to(JobState.REQUEUED), now);
            if (job.state().holdsResources()) {
                return requeued;
            }
            return JobTransitions.apply(job.withStatus(requeued), StateChange.to(JobState.PENDING), now);
        });
    }

    private Job changeStatus(long jobId, Function<Job, JobStatus> next) {
        return commit(() -> {
            Job job = existing(jobId);
            JobStatus status = next.apply(job);
            return new Change<>(new JournalEntry.StatusChanged(jobId, status), job.withStatus(status));
        });
    }

    @Override
    public List<Job> purge() {
        if (config.minJobAge().isZero()) {
            return List.of();
        }
        return commit(() -> {
            long cutoff = now() - config.minJobAge().toSeconds();
            List<Job> old = table.query(job -> job.state().isFinished() && job.status().endTime() <= cutoff);
            long[] purged = old.stream().mapToLong(Job::jobId).toArray();
            return new Change<>(purged.length == 0 ? null : new JournalEntry.Purged(purged), old);
        });
    }

    @Override
    public void snapshot() {
        synchronized (snapshotLock) {
            long sequence;
            List<Job> jobs;
            long next;
            synchronized (mutex) {
                requireOpen();
                sequence = journal.segment() + 1;
                journal.roll(sequence);
                jobs = new ArrayList<>(table.all());
                next = ids.next();
            }
            // By job id, so that the tasks of an array sit together and share one request in the file.
            jobs.sort(Comparator.comparingLong(Job::jobId));
            try {
                long started = System.nanoTime();
                SnapshotFile.write(directory, sequence, jobs, next);
                directory.removeBefore(sequence);
                log.info("Saved job state snapshot {} with {} jobs in {} ms", sequence, jobs.size(),
                        (System.nanoTime() - started) / 1_000_000);
            } catch (IOException e) {
                // The journal still holds everything, so a failed snapshot costs recovery time, not jobs.
                throw new UncheckedIOException("cannot write job state snapshot " + sequence, e);
            }
        }
    }

    @Override
    public long nextJobId() {
        synchronized (mutex) {
            return ids.next();
        }
    }

    @Override
    public JournalStats journalStats() {
        return journal.stats();
    }

    @Override
    public <T> T durablyTogether(Supplier<T> changes) {
        return durablyTogether(changes, java.time.Duration.ZERO);
    }

    @Override
    public <T> T durablyTogether(Supplier<T> changes, java.time.Duration patience) {
        if (deferredTicket.get() != null) {
            // Nested: the outermost call waits for these too.
            return changes.get();
        }
        long[] last = {0};
        deferredTicket.set(last);
        try {
            return changes.get();
        } finally {
            deferredTicket.remove();
            // Also when the changes ended in a throw: what they made before it is in the table, so it must be
            // durable before the caller goes on, as with any change.
            if (last[0] > 0) {
                journal.awaitDurable(last[0], patience.toNanos());
                snapshotIfDue();
            }
        }
    }

    @Override
    public void syncMade() {
        long last = journal.lastTicket();
        if (last > 0) {
            journal.awaitDurable(last);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        snapshotter.shutdown();
        try {
            snapshotter.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            // A snapshot on the way out makes the next start quick; if it fails the journal still has it all.
            snapshot();
        } catch (RuntimeException e) {
            log.warn("No job state snapshot at shutdown: {}", e.getMessage());
        }
        synchronized (mutex) {
            closed = true;
        }
        try {
            journal.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close job state in " + config.stateSaveLocation(), e);
        }
    }

    /**
     * A decided change: the entry to journal (null when there is nothing to change) and what the caller gets
     * once it is durable.
     */
    private record Change<T>(JournalEntry entry, T result) {
    }

    private interface Decision<T> {
        /** Decides under the store lock. */
        Change<T> decide();
    }

    /** A change journaled and applied, not yet known to be durable: its journal ticket (0 for no change). */
    private record Made<T>(long ticket, T result) {
    }

    private <T> Made<T> make(Decision<T> decision) {
        synchronized (mutex) {
            requireOpen();
            Change<T> change = decision.decide();
            if (change.entry() == null) {
                return new Made<>(0, change.result());
            }
            long ticket = journal.append(change.entry());
            table.apply(change.entry());
            return new Made<>(ticket, change.result());
        }
    }

    private <T> T commit(Decision<T> decision) {
        Made<T> made = make(decision);
        if (made.ticket() == 0) {
            return made.result();
        }
        long[] deferred = deferredTicket.get();
        if (deferred != null) {
            deferred[0] = Math.max(deferred[0], made.ticket());
        } else {
            journal.awaitDurable(made.ticket());
            snapshotIfDue();
        }
        return made.result();
    }

    /** As {@link #commit}, the result handed over once it is durable instead of waiting for that. */
    private <T> CompletionStage<T> commitAsync(Decision<T> decision) {
        Made<T> made = make(decision);
        if (made.ticket() == 0) {
            return CompletableFuture.completedFuture(made.result());
        }
        // The event loop this submission came in on, if any.
        Executor answerOn = AnswerExecutor.current();
        CompletableFuture<Void> durable = journal.whenDurable(made.ticket()).toCompletableFuture();
        Function<Void, T> done = synced -> {
            snapshotIfDue();
            return made.result();
        };
        // What follows (accounting, the answer) runs on that event loop, not on the journal's thread that
        // completes the future: that thread then starts the next write at once. Already durable (a waiting
        // caller's write carried it): go on here.
        return durable.isDone() ? durable.thenApply(done) : durable.thenApplyAsync(done, answerOn);
    }

    private void snapshotIfDue() {
        if (journal.segmentBytes() < config.snapshotAfterBytes() || !snapshotQueued.compareAndSet(false, true)) {
            return;
        }
        snapshotter.execute(() -> {
            try {
                snapshot();
            } catch (RuntimeException e) {
                log.warn("Background job state snapshot failed: {}", e.getMessage());
            } finally {
                snapshotQueued.set(false);
            }
        });
    }

    private Job existing(long jobId) {
        return table.get(jobId).orElseThrow(() -> new UnknownJobException(Long.toString(jobId)));
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    private void requireOpen() {
        if (closed) {
            throw new JobStoreException("job store is closed");
        }
    }

    private static void closeQuietly(StateDirectory directory) {
        if (directory != null) {
            try {
                directory.close();
            } catch (IOException e) {
                log.warn("Cannot release job state lock: {}", e.getMessage());
            }
        }
    }
}
