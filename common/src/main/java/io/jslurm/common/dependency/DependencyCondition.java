package io.jslurm.common.dependency;

import io.jslurm.common.jobid.JobIdSpec;
import java.util.Objects;
import java.util.Optional;

/**
 * One condition of a dependency: a type and, except for {@code singleton}, the one job it waits on. Only
 * {@code after} may carry a delay in minutes ({@code after:123+10}).
 */
public record DependencyCondition(DependencyType type, Optional<JobIdSpec> job, int delayMinutes) {

    public static final DependencyCondition SINGLETON =
            new DependencyCondition(DependencyType.SINGLETON, Optional.empty(), 0);

    public DependencyCondition {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(job, "job is null");
        if ((type == DependencyType.SINGLETON) == job.isPresent()) {
            throw new IllegalArgumentException(type.slurmName() + (job.isPresent() ? " takes no job" : " needs a job"));
        }
        if (delayMinutes < 0 || (delayMinutes > 0 && type != DependencyType.AFTER)) {
            throw new IllegalArgumentException("only after takes a delay, of zero or more minutes: " + delayMinutes);
        }
        job.ifPresent(j -> {
            if (!namesOneJob(j)) {
                throw new IllegalArgumentException("a dependency names a job or one array task: " + j);
            }
        });
    }

    /** A dependency waits on a whole job or one array task, never a step or a list of tasks. */
    static boolean namesOneJob(JobIdSpec job) {
        return !job.isStep()
                && (job.selector() instanceof JobIdSpec.Whole || job.selector() instanceof JobIdSpec.ArrayTask);
    }

    public static DependencyCondition on(DependencyType type, JobIdSpec job) {
        return new DependencyCondition(type, Optional.of(job), 0);
    }

    /** {@code afterok:123}, {@code after:123+10}, {@code singleton}: how {@code squeue %E} lists each one. */
    @Override
    public String toString() {
        if (job.isEmpty()) {
            return type.slurmName();
        }
        return type.slurmName() + ":" + job.get() + (delayMinutes > 0 ? "+" + delayMinutes : "");
    }
}
