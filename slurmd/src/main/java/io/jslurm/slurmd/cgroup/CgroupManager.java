package io.jslurm.slurmd.cgroup;

import java.util.List;
import java.util.Optional;

/**
 * Creates and finds jobs' and steps' cgroups in the layout {@link CgroupLayout} describes.
 * Obtain one from {@link Cgroups#open}.
 */
public interface CgroupManager {
    CgroupVersion version();

    CgroupLayout layout();

    /**
     * Creates (or, when it exists, reuses) the job's cgroup and sets its limits. The parents are
     * created as needed.
     */
    Cgroup createJob(int uid, long jobId, CgroupLimits limits);

    /**
     * Creates (or reuses) a step's cgroup below its job's, which must exist, and sets the step's
     * limits (which the job's limits bound anyway).
     */
    Cgroup createStep(int uid, long jobId, StepName step, CgroupLimits limits);

    /** The job's cgroup if it exists, whichever user runs it: how a restarted slurmd re-attaches. */
    Optional<Cgroup> findJob(long jobId);

    Optional<Cgroup> findStep(long jobId, StepName step);

    /** The steps that have a cgroup below the job's. */
    List<StepName> steps(long jobId);

    /** Ids of the jobs that have a cgroup on this node, ascending. */
    List<Long> jobIds();
}
