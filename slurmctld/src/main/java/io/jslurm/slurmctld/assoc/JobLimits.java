package io.jslurm.slurmctld.assoc;

import io.jslurm.sched.limits.AccountingPolicy;
import io.jslurm.sched.limits.LimitedJob;
import io.jslurm.sched.limits.UsedMinutes;
import io.jslurm.slurmctld.job.JobSpec;
import java.util.Optional;

/** What the scheduling loop needs of accounting: the limits in force and how a job counts against them. */
public interface JobLimits {

    JobLimits NONE = new JobLimits() {
        @Override
        public AccountingPolicy policy() {
            return AccountingPolicy.NONE;
        }

        @Override
        public Optional<LimitedJob> limited(JobSpec spec) {
            return Optional.empty();
        }
    };

    AccountingPolicy policy();

    /** Empty when no limit applies to the job (limits not enforced, or it has no association). */
    Optional<LimitedJob> limited(JobSpec spec);

    /** What the QOS and associations used so far, for GrpTRESMins and GrpWall. */
    default UsedMinutes used() {
        return UsedMinutes.NONE;
    }
}
