package io.jslurm.slurmctld.stats;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.JobStore;
import io.jslurm.slurmctld.state.JournalStats;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** The controller's job table, counting submissions, starts and endings for sdiag as they become durable. */
public final class CountingJobStore implements JobStore {

    private final JobStore store;
    private final JobCounters counters;

    public CountingJobStore(JobStore store, JobCounters counters) {
        this.store = store;
        this.counters = counters;
    }

    /** Runs a change and counts the state it moved the job between. */
    private Job counted(long jobId, Supplier<Job> change) {
        JobState before = store.get(jobId).map(Job::state).orElse(JobState.PENDING);
        Job after = change.get();
        counters.changed(before, after.state());
        return after;
    }

    @Override
    public Job submit(JobSpec spec) {
        Job job = store.submit(spec);
        counters.submitted(1);
        return job;
    }

    @Override
    public List<Job> submitArray(JobSpec spec, ArraySpec array) {
        List<Job> tasks = store.submitArray(spec, array);
        // Slurm keeps a pending array as one record and counts one submission.
        counters.submitted(1);
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
        return store.update(jobId, change);
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        return counted(jobId, () -> store.transition(jobId, change));
    }

    @Override
    public Job cancel(long jobId) {
        return counted(jobId, () -> store.cancel(jobId));
    }

    @Override
    public Job hold(long jobId, Hold hold) {
        return store.hold(jobId, hold);
    }

    @Override
    public Job release(long jobId) {
        return store.release(jobId);
    }

    @Override
    public Job prioritize(long jobId, long priority) {
        return store.prioritize(jobId, priority);
    }

    @Override
    public Job requeue(long jobId) {
        return counted(jobId, () -> store.requeue(jobId));
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

    @Override
    public void close() {
        store.close();
    }
}
