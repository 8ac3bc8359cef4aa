package io.jslurm.slurmctld.schedule;

import io.jslurm.sched.model.Eligibility.DependencyState;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.Predicate;

/**
 * Evaluates a job's dependency against the job table: satisfied, still waiting, or never to be satisfied
 * (an {@code afterok} on a job that failed, an {@code afternotok} on one that completed).
 */
public final class DependencyCheck {

    private final LongFunction<List<Job>> jobsById;
    private final Predicate<Job> singletonBlocked;

    /**
     * @param jobsById the job, or every task of an array, for an id; empty once purged
     * @param singletonBlocked whether an earlier job with the same name and user is still active
     */
    public DependencyCheck(LongFunction<List<Job>> jobsById, Predicate<Job> singletonBlocked) {
        this.jobsById = jobsById;
        this.singletonBlocked = singletonBlocked;
    }

    public DependencyState evaluate(Job job, Dependency dependency) {
        if (dependency.isEmpty()) {
            return DependencyState.NONE;
        }
        boolean anyWaiting = false;
        boolean anyNever = false;
        boolean anySatisfied = false;
        for (Dependency.Term term : dependency.terms()) {
            DependencyState state = term(job, term);
            anyWaiting |= state == DependencyState.WAITING;
            anyNever |= state == DependencyState.NEVER_SATISFIED;
            anySatisfied |= state == DependencyState.NONE;
        }
        if (dependency.any()) {
            return anySatisfied ? DependencyState.NONE : anyWaiting ? DependencyState.WAITING
                    : DependencyState.NEVER_SATISFIED;
        }
        return anyNever ? DependencyState.NEVER_SATISFIED : anyWaiting ? DependencyState.WAITING
                : DependencyState.NONE;
    }

    private DependencyState term(Job job, Dependency.Term term) {
        if (term.type() == Dependency.Type.SINGLETON) {
            return singletonBlocked.test(job) ? DependencyState.WAITING : DependencyState.NONE;
        }
        DependencyState result = DependencyState.NONE;
        for (long id : term.jobIds()) {
            for (Job other : jobsById.apply(id)) {
                DependencyState state = on(term.type(), other);
                if (state == DependencyState.NEVER_SATISFIED) {
                    return state;
                }
                if (state == DependencyState.WAITING) {
                    result = state;
                }
            }
        }
        return result;
    }

    private static DependencyState on(Dependency.Type type, Job other) {
        JobState state = other.state();
        boolean finished = state.isFinished();
        boolean succeeded = state == JobState.COMPLETED && other.status().exitCode().equals(ExitCode.SUCCESS);
        return switch (type) {
            case AFTER -> state == JobState.PENDING ? DependencyState.WAITING : DependencyState.NONE;
            case AFTERANY -> finished ? DependencyState.NONE : DependencyState.WAITING;
            case AFTEROK -> !finished ? DependencyState.WAITING
                    : succeeded ? DependencyState.NONE : DependencyState.NEVER_SATISFIED;
            case AFTERNOTOK -> !finished ? DependencyState.WAITING
                    : succeeded ? DependencyState.NEVER_SATISFIED : DependencyState.NONE;
            case SINGLETON -> DependencyState.NONE;
        };
    }
}
