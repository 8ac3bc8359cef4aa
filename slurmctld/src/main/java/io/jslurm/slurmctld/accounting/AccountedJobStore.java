package io.jslurm.slurmctld.accounting;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.JobStore;
import io.jslurm.slurmctld.state.JournalStats;
import io.jslurm.conf.slurm.AccountingStoragePlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The controller's job table, recording every change of a job in accounting: after the store has
 * made a change durable, the job as it now is goes to the accounting queue (no database wait).
 */
public final class AccountedJobStore implements JobStore {

    private final JobStore store;
    private final AccountingStorage accounting;
    private final String cluster;
    private final InstantSource clock;

    public AccountedJobStore(JobStore store, AccountingStorage accounting, String cluster, InstantSource clock) {
        this.store = store;
        this.accounting = accounting;
        this.cluster = cluster;
        this.clock = clock;
    }

    private Job recorded(Job job) {
        accounting.job(JobAccounting.record(cluster, job, clock.millis()));
        return job;
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
    public Optional<Job> get(long jobId) {
        return store.get(jobId);
    }

    @Override
    public List<Job> find(JobIdSpec id) {
        return store.find(id);
    }

    @Override
    public List<Job> query(Predicate<? super Job> filter) {
        return store.query(filter);
    }

    @Override
    public int size() {
        return store.size();
    }

    @Override
    public Job update(long jobId, UnaryOperator<JobSpec> change) {
        return recorded(store.update(jobId, change));
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        return recorded(store.transition(jobId, change));
    }

    @Override
    public Job cancel(long jobId) {
        return recorded(store.cancel(jobId));
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

    @Override
    public Job requeue(long jobId) {
        return recorded(store.requeue(jobId));
    }

    @Override
    public List<Job> purge() {
        return store.purge();
    }

    @Override
    public void snapshot() {
        store.snapshot();
    }

    @Override
    public long nextJobId() {
        return store.nextJobId();
    }

    @Override
    public JournalStats journalStats() {
        return store.journalStats();
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
        Optional<DbdEndpoint> endpoint = DbdEndpoint.of(slurm, key, slurmUserUid, clock);
        if (endpoint.isEmpty()) {
            return store;
        }
        RemoteDbd dbd = new RemoteDbd(endpoint.get().address(), endpoint.get().timeout(),
                endpoint.get().credentials());
        return new AccountedJobStore(store, AccountingStorage.start(slurm.paths().stateSaveLocation(), dbd),
                slurm.clusterName(), clock);
    }
}
