package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.job.Job;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller ends salloc's and srun's own jobs at their time limit (TIMEOUT, their nodes told to end them),
 * not counting time suspended and allowing OverTimeLimit; batch jobs are left to their slurmd's timer.
 */
class InteractiveTimeLimitTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private void start(String conf) throws Exception {
        cluster = new ControllerFixture(dir, conf);
        cluster.register("gpu01", 16000);
    }

    /** salloc's request: no script, {@code minutes} long; running after a pass. */
    private long allocate(int minutes) throws Exception {
        long jobId = cluster.client(ALICE).call(AllocateResourcesRequest.newBuilder().setJob(job(ALICE, "alice")
                .clearScript().setTimeLimitMinutes(minutes)).build(), AllocateResourcesResponse.class).getJobId();
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);
        return jobId;
    }

    private JobControl control() {
        return cluster.controller.loop().control();
    }

    @Test
    void anAllocationPastItsLimitEndsTimeoutAndItsNodeIsToldToEndIt() throws Exception {
        start("");
        long jobId = allocate(1);

        cluster.clock.advance(Duration.ofSeconds(59));
        assertThat(control().endOverTimeLimit()).as("one second left").isEmpty();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);

        cluster.clock.advance(Duration.ofSeconds(1));
        assertThat(control().endOverTimeLimit()).extracting(Job::jobId).containsExactly(jobId);
        JobRecord ended = cluster.job(jobId);
        assertThat(ended.getState()).isEqualTo(JobState.JOB_TIMEOUT);
        assertThat(ended.getStateReason()).isEqualTo("TimeLimit");
        TerminateJob terminate = cluster.slurmdPeer.next(TerminateJob.class, WAIT);
        assertThat(terminate.getJobId()).isEqualTo(jobId);
        assertThat(terminate.getKillWaitSeconds()).isEqualTo(30);
        assertThat(control().endOverTimeLimit()).as("ended once").isEmpty();
    }

    @Test
    void overTimeLimitGivesMinutesMore() throws Exception {
        start("OverTimeLimit=2\n");
        long jobId = allocate(1);

        cluster.clock.advance(Duration.ofSeconds(179));
        assertThat(control().endOverTimeLimit()).isEmpty();
        cluster.clock.advance(Duration.ofSeconds(1));
        assertThat(control().endOverTimeLimit()).extracting(Job::jobId).containsExactly(jobId);
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_TIMEOUT);
    }

    @Test
    void timeSuspendedDoesNotCountAndASuspendedJobIsNotEnded() throws Exception {
        start("");
        long jobId = allocate(1);
        cluster.clock.advance(Duration.ofSeconds(30));
        suspendOrResume(jobId, JobControlRequest.Action.SUSPEND);
        cluster.clock.advance(Duration.ofMinutes(5));
        assertThat(control().endOverTimeLimit()).as("suspended").isEmpty();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_SUSPENDED);

        suspendOrResume(jobId, JobControlRequest.Action.RESUME);
        cluster.clock.advance(Duration.ofSeconds(29));
        assertThat(control().endOverTimeLimit()).as("59 s run of 60").isEmpty();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);
        cluster.clock.advance(Duration.ofSeconds(1));
        assertThat(control().endOverTimeLimit()).extracting(Job::jobId).containsExactly(jobId);
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_TIMEOUT);
    }

    @Test
    void aBatchJobIsLeftToItsSlurmd() throws Exception {
        start("");
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT).getJobId()).isEqualTo(jobId);

        cluster.clock.advance(Duration.ofMinutes(5));
        assertThat(control().endOverTimeLimit()).isEmpty();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_RUNNING);
    }

    private void suspendOrResume(long jobId, JobControlRequest.Action action) throws Exception {
        assertThat(cluster.client(0).call(JobControlRequest.newBuilder().setAction(action)
                .addTargets(JobTarget.newBuilder().setJobId((int) jobId)).build(), JobControlResponse.class)
                .getResults(0).getErrorCode()).isZero();
        cluster.slurmdPeer.next(SuspendJob.class, WAIT);
    }
}
