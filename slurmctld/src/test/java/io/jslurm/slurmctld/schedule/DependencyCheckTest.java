package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.Eligibility.DependencyState;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobTransitions;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dependencies against a table of jobs in known states. */
class DependencyCheckTest {

    private final Map<Long, Job> jobs = new HashMap<>();
    private final DependencyCheck check = new DependencyCheck(
            id -> jobs.containsKey(id.jobId()) ? List.of(jobs.get(id.jobId())) : List.of(),
            job -> jobs.values().stream().anyMatch(other -> other.jobId() < job.jobId()
                    && other.spec().name().equals(job.spec().name()) && !other.state().isFinished()));

    private Job add(long id, String name, JobState state, int exit) {
        JobSpec spec = JobSpec.builder("alice", 1001, 100).name(name).build();
        Job job = new Job(id, 0, Job.NO_TASK, 0, spec, JobTransitions.submitted(spec, 1000));
        if (state != JobState.PENDING) {
            job = job.withStatus(JobTransitions.apply(job, StateChange.start(JobState.RUNNING,
                    new Allocation("n1", 1, 1, 100, List.of())), 1001));
        }
        if (state.isFinished()) {
            job = job.withStatus(JobTransitions.apply(job, StateChange.finish(state, ExitCode.of(exit, 0),
                    PendingReason.NONE), 1002));
        }
        jobs.put(id, job);
        return job;
    }

    @Test
    void afterOkAndAfterNotOkFollowHowTheOtherJobEnded() {
        add(1, "a", JobState.COMPLETED, 0);
        add(2, "b", JobState.FAILED, 1);
        add(3, "c", JobState.RUNNING, 0);
        Job waiting = add(10, "w", JobState.PENDING, 0);
        assertThat(check.evaluate(waiting, "afterok:1")).isEqualTo(DependencyState.NONE);
        assertThat(check.evaluate(waiting, "afterok:2")).isEqualTo(DependencyState.NEVER_SATISFIED);
        assertThat(check.evaluate(waiting, "afternotok:2")).isEqualTo(DependencyState.NONE);
        assertThat(check.evaluate(waiting, "afternotok:1")).isEqualTo(DependencyState.NEVER_SATISFIED);
        assertThat(check.evaluate(waiting, "afterok:3")).isEqualTo(DependencyState.WAITING);
        assertThat(check.evaluate(waiting, "after:3")).as("after: once started").isEqualTo(DependencyState.NONE);
        assertThat(check.evaluate(waiting, "afterany:2")).isEqualTo(DependencyState.NONE);
    }

    @Test
    void commaNeedsAllAndQuestionMarkNeedsAny() {
        add(1, "a", JobState.COMPLETED, 0);
        add(2, "b", JobState.FAILED, 1);
        add(3, "c", JobState.RUNNING, 0);
        Job waiting = add(10, "w", JobState.PENDING, 0);
        assertThat(check.evaluate(waiting, "afterok:1,afterok:3")).isEqualTo(DependencyState.WAITING);
        assertThat(check.evaluate(waiting, "afterok:1:2")).isEqualTo(DependencyState.NEVER_SATISFIED);
        assertThat(check.evaluate(waiting, "afterok:2?afterok:1")).isEqualTo(DependencyState.NONE);
        assertThat(check.evaluate(waiting, "afterok:2?afterok:3")).isEqualTo(DependencyState.WAITING);
        assertThat(check.evaluate(waiting, "afterok:2?afternotok:1")).isEqualTo(DependencyState.NEVER_SATISFIED);
        assertThat(check.evaluate(waiting, "")).isEqualTo(DependencyState.NONE);
    }

    @Test
    void singletonWaitsForEarlierJobsOfTheSameName() {
        add(1, "train", JobState.RUNNING, 0);
        Job second = add(2, "train", JobState.PENDING, 0);
        Job other = add(3, "eval", JobState.PENDING, 0);
        assertThat(check.evaluate(second, "singleton")).isEqualTo(DependencyState.WAITING);
        assertThat(check.evaluate(other, "singleton")).isEqualTo(DependencyState.NONE);
        add(1, "train", JobState.COMPLETED, 0);
        assertThat(check.evaluate(second, "singleton")).isEqualTo(DependencyState.NONE);
    }
}
