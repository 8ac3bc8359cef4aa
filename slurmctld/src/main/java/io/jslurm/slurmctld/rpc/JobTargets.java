package io.jslurm.slurmctld.rpc;

import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.state.JobStore;
import java.util.List;

/** Finds the jobs a command names: {@code 123} (a job, or all tasks of array 123), {@code 123_[1-3]}, a task's own id. */
final class JobTargets {

    private JobTargets() {
    }

    static List<Job> resolve(JobStore store, JobTarget target) {
        long id = Integer.toUnsignedLong(target.getJobId());
        if (id == 0) {
            return List.of();
        }
        if (!target.getArrayTasks().isBlank()) {
            try {
                return store.find(JobIdSpec.parse(id + "_[" + target.getArrayTasks().strip() + "]"));
            } catch (IllegalArgumentException e) {
                return List.of();
            }
        }
        List<Job> found = store.find(JobIdSpec.job(id));
        // An array task may also be named by its own job id.
        return found.isEmpty() ? store.get(id).map(List::of).orElse(List.of()) : found;
    }

    static JobTarget of(Job job) {
        JobTarget.Builder b = JobTarget.newBuilder();
        if (job.isArrayTask()) {
            b.setJobId((int) job.arrayJobId()).setArrayTasks(Integer.toString(job.arrayTaskId()));
        } else {
            b.setJobId((int) job.jobId());
        }
        return b.build();
    }
}
