package io.jslurm.slurmd.step;

import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupManager;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * The job cgroups that steps of jobs without a batch script here (salloc, srun alone) nest in: the first step makes
 * the job's cgroup and the last one out removes it (removing a cgroup also removes the parents it leaves empty). Making
 * a step's cgroup, with its job's when missing, and removing it are each done under one lock, and each step holds its
 * job's cgroup in between: a step ending just as another starts then either goes first, and the new step makes the job
 * cgroup again, or finds the new step's cgroup below the job's and leaves the job's alone. Without that, the ending
 * step could remove the job cgroup between the starting step finding it and making its own cgroup in it.
 */
final class JobCgroupHolds {
    private final CgroupManager cgroups;
    private final LongPredicate keptAfterSteps;
    /** Steps holding each job's cgroup; guarded by this. */
    private final Map<Long, Integer> holds = new HashMap<>();

    /**
     * @param keptAfterSteps whether a job's cgroup outlives its steps here (a batch script runs here, whose runner
     *                       removes it, or PrologFlags=Contain, which removes it at the job's end)
     */
    JobCgroupHolds(CgroupManager cgroups, LongPredicate keptAfterSteps) {
        this.cgroups = Objects.requireNonNull(cgroups, "cgroups");
        this.keptAfterSteps = Objects.requireNonNull(keptAfterSteps, "keptAfterSteps");
    }

    /**
     * A step starts: makes its cgroup with {@code createStep}, after its job's with {@code createJob} when that does
     * not exist (a job cgroup already there keeps its limits: writing them again would stack one more device program on
     * v2 each step), and holds the job's cgroup until {@link #endStep}.
     * When the step's cgroup cannot be made, nothing is held and a job cgroup no step holds is removed.
     */
    synchronized Cgroup startStep(long jobId, Supplier<Cgroup> createJob, Supplier<Cgroup> createStep) {
        if (cgroups.findJob(jobId).isEmpty()) {
            createJob.get();
        }
        Cgroup step;
        try {
            step = createStep.get();
        } catch (RuntimeException e) {
            removeJobIfUnheld(jobId);
            throw e;
        }
        holds.merge(jobId, 1, Integer::sum);
        return step;
    }

    /**
     * A step is gone: removes its cgroup, which must be empty, and gives its hold back; the last one out removes the
     * job's cgroup when nothing else keeps it. The hold is given back also when the step's cgroup cannot be removed.
     */
    synchronized void endStep(long jobId, Cgroup step) {
        try {
            step.remove();
        } finally {
            holds.computeIfPresent(jobId, (id, count) -> count > 1 ? count - 1 : null);
            removeJobIfUnheld(jobId);
        }
    }

    private void removeJobIfUnheld(long jobId) {
        if (!holds.containsKey(jobId) && !keptAfterSteps.test(jobId)) {
            cgroups.findJob(jobId).filter(Cgroup::isEmpty).ifPresent(Cgroup::remove);
        }
    }

    /** How many steps hold the job's cgroup. */
    synchronized int holders(long jobId) {
        return holds.getOrDefault(jobId, 0);
    }

    /**
     * scontrol suspend and resume of a job without a batch script here: freezes or thaws the job's cgroup, so every
     * step in it stops or goes on, as {@code RunningJob} does for a batch job's. Under the lock, so the last step
     * ending cannot remove the cgroup meanwhile.
     *
     * @return the job's cgroup; empty when the job has none here
     */
    synchronized Optional<Cgroup> freeze(long jobId, boolean thaw) {
        Optional<Cgroup> job = cgroups.findJob(jobId);
        job.ifPresent(cgroup -> {
            if (thaw) {
                cgroup.thaw();
            } else {
                cgroup.freeze();
            }
        });
        return job;
    }

    /** Thaws the job's cgroup when it is frozen (the job ends while suspended). */
    synchronized void thawIfFrozen(long jobId) {
        cgroups.findJob(jobId).filter(Cgroup::isFrozen).ifPresent(Cgroup::thaw);
    }
}
