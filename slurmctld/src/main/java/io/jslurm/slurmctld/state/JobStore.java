package io.jslurm.slurmctld.state;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.StateChange;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The controller's job table. Every method that changes it returns only once the change is durable (inside
 * {@link #durablyTogether}: once that returns), so an answer sent to a client after the call survives a crash. Reads see changes as soon as they are made.
 *
 * <p>Changes that the job's state does not allow throw {@link io.jslurm.slurmctld.job.IllegalTransitionException};
 * unknown ids throw {@link UnknownJobException}. In both cases nothing changed.
 */
public interface JobStore extends AutoCloseable {

    /** Accepts a job and gives it the next job id. */
    Job submit(JobSpec spec);

    /** Accepts a job array: one record per task, the first task's job id being the array job id. */
    List<Job> submitArray(JobSpec spec, ArraySpec array);

    /**
     * As {@link #submit}, without waiting for the disk: the job is in the table when this returns, and the stage
     * completes once it is durable (exceptionally with {@link JobStoreException} if it cannot be). What is refused
     * is refused by a throw, before anything changed.
     */
    CompletionStage<Job> submitAsync(JobSpec spec);

    /** As {@link #submitArray}, completing once the tasks are durable. */
    CompletionStage<List<Job>> submitArrayAsync(JobSpec spec, ArraySpec array);

    Optional<Job> get(long jobId);

    /** {@code 123} finds the job or every task of array 123; {@code 123_4} finds one task. */
    List<Job> find(JobIdSpec id);

    /** The jobs that pass the filter, by job id. */
    List<Job> query(Predicate<? super Job> filter);

    int size();

    /** Changes what a job asked for ({@code scontrol update}); finished jobs and the job's owner cannot change. */
    Job update(long jobId, UnaryOperator<JobSpec> change);

    Job transition(long jobId, StateChange change);

    Job cancel(long jobId);

    /** Cancels on behalf of {@code byUid}; tables that keep who cancelled override this. */
    default Job cancel(long jobId, long byUid) {
        return cancel(jobId);
    }

    /**
     * Cancels on behalf of {@code byUid} (negative: the controller itself), keeping {@code stepsExit}, the worst exit
     * code of the job's ended srun steps, as its DerivedExitCode; tables that keep it override this.
     */
    default Job cancel(long jobId, long byUid, ExitCode stepsExit) {
        return byUid < 0 ? cancel(jobId) : cancel(jobId, byUid);
    }

    Job hold(long jobId, Hold hold);

    Job release(long jobId);

    /** Pins the job's priority; 0 lets the scheduler compute it again. */
    Job prioritize(long jobId, long priority);

    /**
     * Puts a job back in the queue: a finished job becomes {@code PENDING} at once; one still holding nodes
     * becomes {@code REQUEUED} and goes to {@code PENDING} through {@link #transition} once they are free.
     */
    Job requeue(long jobId);

    /** Forgets finished jobs older than MinJobAge; returns them. */
    List<Job> purge();

    /** Writes a snapshot and drops the journal it makes redundant. */
    void snapshot();

    /** The id the next submission will get, barring ids still in use. */
    long nextJobId();

    JournalStats journalStats();

    /**
     * Runs {@code changes} with one wait for the disk instead of one per change: each change the calling thread
     * makes through this table meanwhile returns once made (visible to reads, not yet durable), and this returns
     * once all of them are durable, synced together. Changes made by other threads are not affected, and a
     * change of theirs that follows one of these in the journal waits for it as usual. What the caller does with
     * the changes outside the table (telling slurmd) belongs after this returns.
     *
     * @throws JobStoreException when the changes cannot be made durable
     */
    default <T> T durablyTogether(Supplier<T> changes) {
        return changes.get();
    }

    /**
     * As {@link #durablyTogether(Supplier)}, for changes whose sync another thread is about to take anyway: the
     * final wait first leaves the write to others for up to {@code patience} and leads it only after that. A job's
     * end waits so for the scheduling pass that hands its cores on: that pass journals its starts after the end and
     * syncs them, which makes the end durable with them, one sync where there were two on the way from one job's
     * end to the next one's launch.
     */
    default <T> T durablyTogether(Supplier<T> changes, java.time.Duration patience) {
        return durablyTogether(changes);
    }

    /** Returns once every change made so far, by any thread, is durable (at once when they all are). */
    default void syncMade() {
    }

    @Override
    void close();
}
