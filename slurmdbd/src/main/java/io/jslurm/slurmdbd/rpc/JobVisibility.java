package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.slurmdbd.records.JobRecord;
import java.util.function.Predicate;

/**
 * Whose jobs a caller may list. As in Slurm, every user sees every job unless PrivateData includes
 * jobs; then a user sees only their own, while root and SlurmUser still see all.
 */
public record JobVisibility(boolean privateJobs, long slurmUserUid) {

    public static JobVisibility everyone(long slurmUserUid) {
        return new JobVisibility(false, slurmUserUid);
    }

    Predicate<JobRecord> visibleTo(Identity caller) {
        if (!privateJobs || caller.isRoot() || caller.uid() == slurmUserUid) {
            return job -> true;
        }
        return job -> job.owner().uid() == caller.uid();
    }
}
