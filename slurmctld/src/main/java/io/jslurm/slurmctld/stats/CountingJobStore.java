package io.jslurm.slurmctld.stats;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.ForwardingJobStore;
import io.jslurm.slurmctld.state.JobStore;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** The controller's job table, counting submissions, starts and endings for sdiag as they become durable. */
public final class CountingJobStore extends ForwardingJobStore {

    private final JobCounters counters;

    public CountingJobStore(JobStore store, JobCounters counters) {
        super(store);
        this.counters = counters;
    }

    /** Runs a change and counts the state it moved the job between. */
    private Job counted(long jobId, Supplier<Job> change) {
        JobState before = get(jobId).map(Job::state).orElse(JobState.PENDING);
        Job after = change.get();
        counters.changed(before, after.state());
        return after;
    }

    @Override
    public Job submit(JobSpec spec) {
        Job job = super.submit(spec);
        counters.submitted(1);
        return job;
    }

    @Override
    public List<Job> submitArray(JobSpec spec, ArraySpec array) {
        List<Job> tasks = super.submitArray(spec, array);
        // Slurm keeps a pending array as one record and counts one submission.
        counters.submitted(1);
        return tasks;
    }

    @Override
    public CompletionStage<Job> submitAsync(JobSpec spec) {
        return super.submitAsync(spec).thenApply(job -> {
            counters.submitted(1);
            return job;
        });
    }

    @Override
    public CompletionStage<List<Job>> submitArrayAsync(JobSpec spec, ArraySpec array) {
        return super.submitArrayAsync(spec, array).thenApply(tasks -> {
            counters.submitted(1);
            return tasks;
        });
    }

    @Override
    public Job transition(long jobId, StateChange change) {
        return counted(jobId, () -> super.transition(jobId, change));
    }

    @Override
    public Job cancel(long jobId) {
        return counted(jobId, () -> super.cancel(jobId));
    }

    @Override
    public Job cancel(long jobId, long byUid) {
        return counted(jobId, () -> super.cancel(jobId, byUid));
    }

    @Override
    public Job cancel(long jobId, long byUid, ExitCode stepsExit) {
        return counted(jobId, () -> super.cancel(jobId, byUid, stepsExit));
    }

    @Override
    public Job requeue(long jobId) {
        return counted(jobId, () -> super.requeue(jobId));
    }
}
