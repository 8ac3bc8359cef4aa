package io.jslurm.slurmctld.schedule;

import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.dependency.DependencyCondition;
import io.jslurm.common.dependency.DependencyType;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.sched.model.Eligibility.DependencyState;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import java.util.List;
import java.util.function.Predicate;

/**
 * Evaluates a job's dependency against the job table: satisfied, still waiting, or never to be satisfied
 * (an {@code afterok} on a job that failed, an {@code afternotok} on one that completed).
 */
public final class DependencyCheck {

    private final java.util.function.Function<JobIdSpec, List<Job>> jobsById;
    private final Predicate<Job> singletonBlocked;

    /**
     * @param jobsById the job, the array task, or every task of an array, as named; empty once purged
     * @param singletonBlocked whether an earlier job with the same name and user is still active
     */
    public DependencyCheck(java.util.function.Function<JobIdSpec, List<Job>> jobsById,
                           Predicate<Job> singletonBlocked) {
        this.jobsById = jobsById;
        this.singletonBlocked = singletonBlocked;
    }

    /** @param dependency the job's {@code --dependency} text; empty has none */
    public DependencyState evaluate(Job job, String dependencyText) {
        if (dependencyText.isBlank()) {
            return DependencyState.NONE;
        }
        Dependency dependency = Dependency.parse(dependencyText);
        boolean anyWaiting = false;
        boolean anyNever = false;
        boolean anySatisfied = false;
        for (DependencyCondition condition : dependency.conditions()) {
            DependencyState state = condition(job, condition);
            anyWaiting |= state == DependencyState.WAITING;
            anyNever |= state == DependencyState.NEVER_SATISFIED;
            anySatisfied |= state == DependencyState.NONE;
        }
        if (dependency.anyOf()) {
            return anySatisfied ? DependencyState.NONE : anyWaiting ? DependencyState.WAITING
                    : DependencyState.NEVER_SATISFIED;
        }
        return anyNever ? DependencyState.NEVER_SATISFIED : anyWaiting ? DependencyState.WAITING
                : DependencyState.NONE;
    }

    private DependencyState condition(Job job, DependencyCondition condition) {
        if (condition.type() == DependencyType.SINGLETON) {
            return singletonBlocked.test(job) ? DependencyState.WAITING : DependencyState.NONE;
        }
        DependencyState result = DependencyState.NONE;
        for (Job other : jobsById.apply(condition.job().orElseThrow())) {
            DependencyState state = on(condition.type(), other);
            if (state == DependencyState.NEVER_SATISFIED) {
                return state;
            }
            if (state == DependencyState.WAITING) {
                result = state;
            }
        }
        return result;
    }

    /** aftercorr and afterburstbuffer wait, as afterany does, for the other job to end. */
    private static DependencyState on(DependencyType type, Job other) {
        JobState state = other.state();
        boolean finished = state.isFinished();
        boolean succeeded = state == JobState.COMPLETED && other.status().exitCode().equals(ExitCode.SUCCESS);
        return switch (type) {
            case AFTER -> state == JobState.PENDING ? DependencyState.WAITING : DependencyState.NONE;
            case AFTERANY, AFTERCORR, AFTERBURSTBUFFER -> finished ? DependencyState.NONE : DependencyState.WAITING;
            case AFTEROK -> !finished ? DependencyState.WAITING
                    : succeeded ? DependencyState.NONE : DependencyState.NEVER_SATISFIED;
            case AFTERNOTOK -> !finished ? DependencyState.WAITING
                    : succeeded ? DependencyState.NEVER_SATISFIED : DependencyState.NONE;
            case SINGLETON -> DependencyState.NONE;
        };
    }
}
