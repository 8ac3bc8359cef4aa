package io.jslurm.slurmctld.state;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.StateChange;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** A job table that passes everything to another; decorators override only what they add to. */
public abstract class ForwardingJobStore implements JobStore {

    private final JobStore delegate;

    protected ForwardingJobStore(JobStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public Job submit(JobSpec spec) {
        return delegate.submit(spec);
    }

    @Override
    public List<Job> submitArray(JobSpec spec, ArraySpec array) {
        return delegate.submitArray(spec, array);
    }

    @Override
    public CompletionStage<Job> submitAsync(JobSpec spec) {
        return delegate.submitAsync(spec);
    }

    @Override
    public CompletionStage<List<Job>> submitArrayAsync(JobSpec spec, ArraySpec array) {
        return delegate.submitArrayAsync(spec, array);
    }

    @Override
    public Optional<Job> get(long jobId) {
        return delegate.get(jobId);
    }

    @Override
    public List<Job> find(JobIdSpec id) {
        return delegate.find(id);
    }

    @Override
    public List<Job> query(Predicate<? super Job> filter) {
        return delegate.query(filter);
    }

    @Override
    public int size() {
        return delegate.size();
    }

    @Override
    public Job update(long jobId, UnaryOperator<JobSpec> change) {
        return delegate.update(jobId, change);
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        return delegate.transition(jobId, change);
    }

    @Override
    public Job cancel(long jobId) {
        return delegate.cancel(jobId);
    }

    @Override
    public Job cancel(long jobId, long byUid) {
        return delegate.cancel(jobId, byUid);
    }

    @Override
    public Job cancel(long jobId, long byUid, ExitCode stepsExit) {
        return delegate.cancel(jobId, byUid, stepsExit);
    }

    @Override
    public Job hold(long jobId, Hold hold) {
        return delegate.hold(jobId, hold);
    }

    @Override
    public Job release(long jobId) {
        return delegate.release(jobId);
    }

    @Override
    public Job prioritize(long jobId, long priority) {
        return delegate.prioritize(jobId, priority);
    }

    @Override
    public Job requeue(long jobId) {
        return delegate.requeue(jobId);
    }

    @Override
    public List<Job> purge() {
        return delegate.purge();
    }

    @Override
    public void snapshot() {
        delegate.snapshot();
    }

    @Override
    public long nextJobId() {
        return delegate.nextJobId();
    }

    @Override
    public JournalStats journalStats() {
        return delegate.journalStats();
    }

    @Override
    public <T> T durablyTogether(Supplier<T> changes) {
        return delegate.durablyTogether(changes);
    }

    @Override
    public <T> T durablyTogether(Supplier<T> changes, java.time.Duration patience) {
        return delegate.durablyTogether(changes, patience);
    }

    @Override
    public void syncMade() {
        delegate.syncMade();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
