package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.WarningSignal;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.SlurmdPeer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Submit, schedule, launch on a listening slurmd, complete: the controller's whole path for a batch job. */
class SchedulingLoopTest {

    static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;
    SlurmdPeer slurmd;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir);
        slurmd = cluster.slurmdPeer;
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private long submit(io.jslurm.protocol.proto.JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    private void complete(long jobId, int exitCode) throws Exception {
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) jobId).setNodeName("gpu01")
                .setExitCode(exitCode).build());
    }

    @Test
    void aSubmittedJobIsStartedLaunchedOnItsFirstNodeAndCompleted() throws Exception {
        long jobId = submit(job(ALICE, "alice").setMinNodes(2).setNtasksPerNode(1).setGpusPerNode("a100:1")
                .setMemPerNodeMb(4000).setTimeLimitMinutes(30)
                .setSignal(WarningSignal.newBuilder().setSignal(10).setSecondsBeforeEnd(90).setBatchShellOnly(true)));
        assertThat(cluster.controller.loop().runPass()).extracting(j -> j.jobId()).containsExactly(jobId);

        LaunchBatchJob launch = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(launch.getJobId()).isEqualTo(jobId);
        assertThat(launch.getUid()).isEqualTo(ALICE);
        assertThat(launch.getUserName()).isEqualTo("alice");
        assertThat(launch.getScript().toString(StandardCharsets.UTF_8)).contains("srun python train.py");
        assertThat(launch.getWorkDir()).isEqualTo("/home/alice");
        assertThat(launch.getStdOut()).isEqualTo("slurm-%j.out");
        assertThat(launch.getEnvironmentMap()).containsEntry("PATH", "/usr/bin");
        assertThat(launch.getNodeList()).isEqualTo("gpu[01-02]");
        assertThat(launch.getTimeLimitMinutes()).isEqualTo(30);
        assertThat(launch.getMemLimitMb()).isEqualTo(4000);
        assertThat(launch.getGpuIndicesList()).hasSize(1);
        assertThat(launch.getAllocatedNodesList()).extracting(n -> n.getNodeName()).containsExactly("gpu01", "gpu02");
        assertThat(launch.getAllocatedNodesList()).allMatch(n -> n.getGpuIndicesCount() == 1);
        assertThat(launch.getSignal().getSignal()).isEqualTo(10);
        assertThat(launch.getSignal().getSecondsBeforeEnd()).isEqualTo(90);
        assertThat(launch.getSignal().getBatchShellOnly()).isTrue();

        JobRecord running = cluster.job(jobId);
        assertThat(running.getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(running.getNodeList()).isEqualTo("gpu[01-02]");
        assertThat(running.getBatchHost()).isEqualTo("gpu01");
        assertThat(running.getEndTime()).isEqualTo(running.getStartTime() + 30 * 60);

        cluster.clock.advance(Duration.ofMinutes(5));
        complete(jobId, 0);
        JobRecord done = cluster.job(jobId);
        assertThat(done.getState()).isEqualTo(JobState.JOB_COMPLETED);
        assertThat(done.getExitCode()).isZero();
        assertThat(done.getEndTime() - done.getStartTime()).isEqualTo(300);
    }

    @Test
    void theLaunchNamesWhereAndOnWhichHostSbatchRanEvenUnderChdir() throws Exception {
        long jobId = submit(job(ALICE, "alice").setWorkDir("/scratch/run1")
                .addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder()
                        .setName("SLURM_SUBMIT_DIR").setValue("/home/alice/project"))
                .addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder()
                        .setName("SLURM_SUBMIT_HOST").setValue("login1")));
        cluster.controller.loop().runPass();

        LaunchBatchJob launch = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(launch.getJobId()).isEqualTo(jobId);
        assertThat(launch.getWorkDir()).isEqualTo("/scratch/run1");
        assertThat(launch.getSubmitDir()).isEqualTo("/home/alice/project");
        assertThat(launch.getSubmitHost()).isEqualTo("login1");
    }

    @Test
    void jobsWaitForResourcesAndStartWhenTheyAreFreed() throws Exception {
        long big = submit(job(ALICE, "alice").setMinNodes(2).setExclusive(
                io.jslurm.protocol.proto.Exclusive.EXCLUSIVE_NODE).setTimeLimitMinutes(10));
        long next = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(big).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(next).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(next).getStateReason()).isEqualTo("Resources");
        slurmd.next(LaunchBatchJob.class, WAIT);

        complete(big, 0);
        cluster.controller.loop().runPass();
        assertThat(cluster.job(next).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(slurmd.next(LaunchBatchJob.class, WAIT).getJobId()).isEqualTo(next);
    }

    @Test
    void aJobWaitingForResourcesSaysWhichNodesFailedWhyAndWhenItExpectsToStart() throws Exception {
        long big = submit(job(ALICE, "alice").setMinNodes(2).setExclusive(
                io.jslurm.protocol.proto.Exclusive.EXCLUSIVE_NODE).setTimeLimitMinutes(10));
        long next = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        assertThat(cluster.job(next).getPendingExplanation()).isEmpty();
        assertThat(cluster.job(next).getStartTime()).isZero();
        cluster.controller.loop().runPass();
        JobRecord running = cluster.job(big);
        JobRecord waiting = cluster.job(next);
        assertThat(waiting.getStateReason()).isEqualTo("Resources");
        // scontrol show job's Explanation: both nodes were passed over, each with its cause.
        assertThat(waiting.getPendingExplanation()).contains("2 nodes: ");
        assertThat(running.getPendingExplanation()).isEmpty();
        // squeue --start and scontrol show job's StartTime: the end of the job holding the nodes, on the
        // bf_resolution grid (60 s by default).
        assertThat(waiting.getStartTime()).isBetween(running.getEndTime(), running.getEndTime() + 60);
        slurmd.next(LaunchBatchJob.class, WAIT);
    }

    @Test
    void dependenciesHoldsAndBeginTimesDecideWhatMayStart() throws Exception {
        long first = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        long afterOk = submit(job(ALICE, "alice").setDependency("afterok:" + first).setTimeLimitMinutes(10));
        long afterNotOk = submit(job(ALICE, "alice").setDependency("afternotok:" + first).setTimeLimitMinutes(10));
        long held = submit(job(ALICE, "alice").setHold(true).setTimeLimitMinutes(10));
        long later = submit(job(ALICE, "alice").setTimeLimitMinutes(10)
                .setBeginTime(cluster.clock.instant().getEpochSecond() + 3600));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(afterOk).getStateReason()).isEqualTo("Dependency");
        assertThat(cluster.job(held).getStateReason()).isEqualTo("JobHeldUser");
        assertThat(cluster.job(later).getStateReason()).isEqualTo("BeginTime");

        complete(first, 0);
        cluster.controller.loop().runPass();
        assertThat(cluster.job(afterOk).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(afterNotOk).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(afterNotOk).getStateReason()).isEqualTo("DependencyNeverSatisfied");

        cluster.clock.advance(Duration.ofHours(2));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(later).getState()).isEqualTo(JobState.JOB_RUNNING);
        assertThat(cluster.job(held).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void aFailingScriptEndsFailedAndACancelledRunningJobIsTerminatedOnItsNode() throws Exception {
        long failing = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        long cancelled = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        complete(failing, 3);
        assertThat(cluster.job(failing).getState()).isEqualTo(JobState.JOB_FAILED);
        assertThat(cluster.job(failing).getExitCode()).isEqualTo(3);
        assertThat(cluster.job(failing).getStateReason()).isEqualTo("NonZeroExitCode");

        cluster.client(ALICE).call(io.jslurm.protocol.proto.CancelJobRequest.newBuilder().addTargets(
                io.jslurm.protocol.proto.JobTarget.newBuilder().setJobId((int) cancelled)).build());
        assertThat(cluster.job(cancelled).getState()).isEqualTo(JobState.JOB_CANCELLED);
        // The ended job's node is told too (it runs its Epilog then), so two end requests arrive, in either order.
        assertThat(java.util.List.of(
                slurmd.next(io.jslurm.protocol.proto.TerminateJob.class, WAIT).getJobId(),
                slurmd.next(io.jslurm.protocol.proto.TerminateJob.class, WAIT).getJobId()))
                .containsExactlyInAnyOrder((int) failing, (int) cancelled);
    }

    @Test
    void aJobKilledAfterItsTimeLimitEndsTimeout() throws Exception {
        long jobId = submit(job(ALICE, "alice").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        // The launch is sent in the background with a credential signed now: it must have reached slurmd before
        // the clock moves past the credential's lifetime, or slurmd refuses it and the job is requeued held.
        LaunchBatchJob launch = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(launch.getJobId()).isEqualTo(jobId);
        cluster.clock.advance(Duration.ofMinutes(10).plusSeconds(30));
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) jobId)
                .setNodeName(launch.getAllocatedNodes(0).getNodeName()).setTermSignal(9).build());
        JobRecord ended = cluster.job(jobId);
        assertThat(ended.getState()).isEqualTo(JobState.JOB_TIMEOUT);
        assertThat(ended.getStateReason()).isEqualTo("TimeLimit");
        assertThat(ended.getTermSignal()).isEqualTo(9);
    }

    @Test
    void aJobWhoseLaunchCannotReachSlurmdIsRequeuedAndHeld() throws Exception {
        int deadPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            deadPort = probe.getLocalPort();
        }
        cluster.slurmd().call(cluster.registration("gpu01", 16000).toBuilder().setSlurmdPort(deadPort).build());
        long jobId = submit(job(ALICE, "alice").setNodelist("gpu01").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        long deadline = System.nanoTime() + WAIT.toNanos();
        JobRecord record = cluster.job(jobId);
        while (!record.getStateReason().equals("JobHeldAdmin") && System.nanoTime() < deadline) {
            Thread.sleep(20);
            record = cluster.job(jobId);
        }
        assertThat(record.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(record.getStateReason()).isEqualTo("JobHeldAdmin");
        assertThat(record.getRestartCount()).isEqualTo(1);
    }

    @Test
    void anArrayRunsNoMoreTasksAtOnceThanItsLimit() throws Exception {
        long arrayJobId = cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice")
                .setArray("0-3%2").setMemPerNodeMb(1000).setTimeLimitMinutes(10)).build(),
                SubmitBatchJobResponse.class).getJobId();
        cluster.controller.loop().runPass();
        var tasks = cluster.client(ALICE).call(io.jslurm.protocol.proto.JobInfoRequest.newBuilder()
                .addJobIds((int) arrayJobId).build(), io.jslurm.protocol.proto.JobInfoResponse.class).getJobsList();
        assertThat(tasks).filteredOn(t -> t.getState() == JobState.JOB_RUNNING).hasSize(2);
        assertThat(tasks).filteredOn(t -> t.getState() == JobState.JOB_PENDING)
                .extracting(JobRecord::getStateReason).containsOnly("JobArrayTaskLimit");
        LaunchBatchJob launch = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(launch.getArrayJobId()).isEqualTo(arrayJobId);
        assertThat(launch.getArrayBounds().getCount()).isEqualTo(4);
        assertThat(launch.getArrayBounds().getMax()).isEqualTo(3);
    }
}
