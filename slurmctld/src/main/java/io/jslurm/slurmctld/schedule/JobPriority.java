package io.jslurm.slurmctld.schedule;

import io.jslurm.slurmctld.job.Job;
import java.time.Instant;

/** PriorityType: how a pending job's priority is computed (held jobs are 0, pinned ones keep their value). */
@FunctionalInterface
public interface JobPriority {

    long priority(Job job, Instant now);

    /** priority/basic: first come, first served. */
    JobPriority BASIC = (job, now) -> SchedulingLoop.basicPriority(job);
}
