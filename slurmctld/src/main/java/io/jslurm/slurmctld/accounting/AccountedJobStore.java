package io.jslurm.slurmctld.accounting;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.ForwardingJobStore;
import io.jslurm.slurmctld.state.JobStore;
import io.jslurm.conf.slurm.AccountingStoragePlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The controller's job table, recording every change of a job in accounting: after the store has
 * made a change durable, the job as it now is goes to the accounting queue (no database wait).
 */
public final class AccountedJobStore extends ForwardingJobStore {

    private final JobStore store;
    private final AccountingStorage accounting;
    private final String cluster;
    private final InstantSource clock;
    private final StepAccounting steps;
    /** How jobs are billed (TRESBillingWeights); null: by their CPU count. */
    private final JobBilling billing;
    /** Inside {@link #durablyTogether} on a thread: its records, queued once the changes are durable. */
    private final ThreadLocal<List<Runnable>> deferred = new ThreadLocal<>();

    public AccountedJobStore(JobStore store, AccountingStorage accounting, String cluster, InstantSource clock) {
        this(store, accounting, cluster, clock, null);
    }

    public AccountedJobStore(JobStore store, AccountingStorage accounting, String cluster, InstantSource clock,
                             JobBilling billing) {
        this(store, accounting, cluster, clock, billing, () -> false);
    }

    /** @param contain whether PrologFlags=Contain is set, so that every job has an extern step to record */
    public AccountedJobStore(JobStore store, AccountingStorage accounting, String cluster, InstantSource clock,
                             JobBilling billing, java.util.function.BooleanSupplier contain) {
        super(store);
        this.billing = billing;
        this.store = store;
        this.accounting = accounting;
        this.cluster = cluster;
        this.clock = clock;
        this.steps = new StepAccounting(accounting::step, cluster, clock, contain);
    }

    /** Where the controller's step handlers record steps, into the same queue as the jobs. */
    public StepAccounting steps() {
        return steps;
    }

    /**
     * The step accounting of a job table: its own when it records accounting, else records that go nowhere. Ask the
     * table {@link #withAccounting} returned, not a wrapper around it.
     */
    public static StepAccounting stepsOf(JobStore store) {
        return store instanceof AccountedJobStore accounted ? accounted.steps() : StepAccounting.NONE;
    }

    /**
     * Where the node events of a job table's cluster go: its accounting queue when it records accounting, else
     * nowhere. Ask the table {@link #withAccounting} returned, not a wrapper around it.
     */
    public static java.util.function.Consumer<io.jslurm.protocol.proto.DbdNodeState> nodeEventsOf(JobStore store) {
        return store instanceof AccountedJobStore accounted ? accounted.accounting::nodeEvent : event -> {
        };
    }

    /** Queues a record now, or once the changes are durable inside {@link #durablyTogether}. */
    private void emit(Runnable record) {
        List<Runnable> later = deferred.get();
        if (later != null) {
            later.add(record);
        } else {
            record.run();
        }
    }

    private Job recorded(Job job) {
        // Stamped when the change was made, not when it is queued.
        var record = JobAccounting.record(cluster, job, clock.millis(), billing);
        emit(() -> accounting.job(record));
        return job;
    }

    /** A job changed state: its batch step starts with it and ends with it (slurmd's report adds the usage). */
    private Job recorded(Optional<Job> before, Job after) {
        recorded(after);
        boolean wasRunning = before.map(job -> job.state().holdsResources()).orElse(false);
        if (!wasRunning && after.state().holdsResources()) {
            emit(() -> steps.batchStarted(after));
            emit(() -> steps.externStarted(after));
        } else if (wasRunning && !after.state().holdsResources()) {
            emit(() -> steps.batchEnded(after));
            emit(() -> steps.externEnded(after));
        }
        return after;
    }

    /** The records of the changes made meanwhile go to accounting once they are durable, as for single changes. */
    @Override
    public <T> T durablyTogether(Supplier<T> changes) {
        return durablyTogether(changes, java.time.Duration.ZERO);
    }

    @Override
    public <T> T durablyTogether(Supplier<T> changes, java.time.Duration patience) {
        if (deferred.get() != null) {
            return store.durablyTogether(changes, patience);
        }
        List<Runnable> records = new ArrayList<>();
        deferred.set(records);
        T result;
        try {
            result = store.durablyTogether(changes, patience);
        } finally {
            deferred.remove();
        }
        records.forEach(Runnable::run);
        return result;
    }

    @Override
    public Job submit(JobSpec spec) {
        return recorded(store.submit(spec));
    }

    @Override
    public List<Job> submitArray(JobSpec spec, ArraySpec array) {
        List<Job> tasks = store.submitArray(spec, array);
        tasks.forEach(this::recorded);
        return tasks;
    }

    @Override
    public CompletionStage<Job> submitAsync(JobSpec spec) {
        return store.submitAsync(spec).thenApply(this::recorded);
    }

    @Override
    public CompletionStage<List<Job>> submitArrayAsync(JobSpec spec, ArraySpec array) {
        return store.submitArrayAsync(spec, array).thenApply(tasks -> {
            tasks.forEach(this::recorded);
            return tasks;
        });
    }

    @Override
    public Job update(long jobId, UnaryOperator<JobSpec> change) {
        return recorded(store.update(jobId, change));
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        Optional<Job> before = store.get(jobId);
        return recorded(before, store.transition(jobId, change));
    }

    @Override
    public Job cancel(long jobId) {
        Optional<Job> before = store.get(jobId);
        return recorded(before, store.cancel(jobId));
    }

    /** As {@link #cancel(long)}, and accounting keeps who cancelled ({@code CANCELLED by UID} in sacct). */
    @Override
    public Job cancel(long jobId, long byUid) {
        return cancel(jobId, byUid, ExitCode.SUCCESS);
    }

    @Override
    public Job cancel(long jobId, long byUid, ExitCode stepsExit) {
        Optional<Job> before = store.get(jobId);
        Job ended = store.cancel(jobId, -1, stepsExit);
        if (byUid < 0) {
            return recorded(before, ended);
        }
        var record = JobAccounting.record(cluster, ended, clock.millis(), billing).toBuilder()
                .setCancelledBy((int) byUid).build();
        emit(() -> accounting.job(record));
        if (before.map(job -> job.state().holdsResources()).orElse(false)) {
            emit(() -> steps.batchEnded(ended));
            emit(() -> steps.externEnded(ended));
        }
        return ended;
    }

    @Override
    public Job hold(long jobId, Hold hold) {
        return recorded(store.hold(jobId, hold));
    }

    @Override
    public Job release(long jobId) {
        return recorded(store.release(jobId));
    }

    @Override
    public Job prioritize(long jobId, long priority) {
        return recorded(store.prioritize(jobId, priority));
    }

    /**
     * The next run gets a record of its own (a new submit time). A finished job goes straight back to the queue,
     * so its ended run is recorded here as REQUEUED, as {@code sacct -D} shows it; a running one is recorded so
     * by its state change.
     */
    @Override
    public Job requeue(long jobId) {
        Optional<Job> before = store.get(jobId);
        Job after = store.requeue(jobId);
        before.filter(job -> job.state().isFinished()).ifPresent(ended -> {
            var record = JobAccounting.record(cluster, ended, clock.millis(), billing).toBuilder()
                    .setState("REQUEUED").build();
            emit(() -> accounting.job(record));
        });
        return recorded(before, after);
    }

    /** Records not yet acknowledged by slurmdbd (sdiag's DBD agent queue size). */
    public int backlog() {
        return accounting.backlog();
    }

    /** Closes the job table, then the accounting queue (what is still unsent stays on disk for the next start). */
    @Override
    public void close() {
        store.close();
        try {
            accounting.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The job table with accounting when slurm.conf asks for accounting_storage/slurmdbd, else the table as is.
     * slurmdbd is AccountingStorageHost:AccountingStoragePort (the first controller's host by default); the
     * queue lives under StateSaveLocation.
     */
    public static JobStore withAccounting(JobStore store, SlurmConfig slurm, SlurmKey key, long slurmUserUid,
                                          InstantSource clock) throws java.io.IOException {
        return withAccounting(store, slurm, key, slurmUserUid, clock, new JobBilling(() -> slurm));
    }

    /** As above, with jobs billed as {@code billing} says (the configuration in force, across reconfigures). */
    public static JobStore withAccounting(JobStore store, SlurmConfig slurm, SlurmKey key, long slurmUserUid,
                                          InstantSource clock, JobBilling billing) throws java.io.IOException {
        Optional<DbdEndpoint> endpoint = DbdEndpoint.of(slurm, key, slurmUserUid, clock);
        if (endpoint.isEmpty()) {
            return store;
        }
        RemoteDbd dbd = new RemoteDbd(endpoint.get().address(), endpoint.get().timeout(),
                endpoint.get().credentials());
        AccountingStorage accounting = AccountingStorage.start(slurm.paths().stateSaveLocation(), dbd);
        accounting.nodeEvent(ClusterCapacity.event(slurm, clock.instant().getEpochSecond()));
        return new AccountedJobStore(store, accounting, slurm.clusterName(), clock, billing,
                () -> slurm.launch().prologFlags().contains(io.jslurm.conf.slurm.PrologFlag.CONTAIN));
    }
}
