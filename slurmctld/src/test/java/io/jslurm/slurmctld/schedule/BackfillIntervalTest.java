package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SchedulerParameters=bf_interval in the controller: passes between backfill runs are the main scheduler's only, so
 * a short job that could use the hole in front of a waiting two-node job starts only at the next backfill run, and
 * the waiting job's expected start (squeue --start) is the last backfill run's.
 */
class BackfillIntervalTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    private void start(String extraConf) throws Exception {
        cluster = new ControllerFixture(dir, extraConf);
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private long submit(io.jslurm.protocol.proto.JobDescription.Builder job) throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    /** One node taken for 10 minutes, a two-node job waiting for it, a one-minute job that fits the other node. */
    private long[] holeInFrontOfAWaitingJob() throws Exception {
        long first = submit(job(ALICE, "alice").setNodelist("gpu01").setExclusive(Exclusive.EXCLUSIVE_NODE)
                .setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_RUNNING);
        long wide = submit(job(ALICE, "alice").setMinNodes(2).setExclusive(Exclusive.EXCLUSIVE_NODE)
                .setTimeLimitMinutes(10));
        long shortJob = submit(job(ALICE, "alice").setTimeLimitMinutes(1));
        return new long[] {first, wide, shortJob};
    }

    @Test
    void betweenBackfillRunsOnlyTheMainSchedulerRunsAndBackfillComesBfIntervalLater() throws Exception {
        start("");
        long[] jobs = holeInFrontOfAWaitingJob();
        cluster.controller.loop().runPass();
        JobRecord wide = cluster.job(jobs[1]);
        JobRecord shortJob = cluster.job(jobs[2]);
        assertThat(wide.getStateReason()).isEqualTo("Resources");
        assertThat(shortJob.getState()).as("the main scheduler stops the partition at the waiting job")
                .isEqualTo(JobState.JOB_PENDING);
        assertThat(shortJob.getStateReason()).isEqualTo("Priority");
        assertThat(wide.getStartTime()).as("no backfill run has estimated its start yet").isZero();

        cluster.clock.advance(Duration.ofSeconds(29));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[2]).getState()).as("29 s after the last backfill run, of the default 30")
                .isEqualTo(JobState.JOB_PENDING);

        cluster.clock.advance(Duration.ofSeconds(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[2]).getState()).as("bf_interval after the last backfill run")
                .isEqualTo(JobState.JOB_RUNNING);
        long firstEnds = cluster.job(jobs[0]).getEndTime();
        long expected = cluster.job(jobs[1]).getStartTime();
        assertThat(expected).as("backfill's estimate: when the first job's node is free, on the 60 s grid")
                .isBetween(firstEnds, firstEnds + 60);

        cluster.clock.advance(Duration.ofSeconds(5));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[1]).getStartTime()).as("a main-only pass keeps the last estimate")
                .isEqualTo(expected);
    }

    @Test
    void aJobEndHandsItsNodeOnAtOnceWithoutWaitingForBackfill() throws Exception {
        start("");
        long[] jobs = holeInFrontOfAWaitingJob();
        cluster.controller.loop().runPass();
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) jobs[0]).setNodeName("gpu01")
                .setExitCode(0).build());
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[1]).getState()).as("started by the main scheduler, clock unchanged")
                .isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void aShortBfIntervalBackfillsSooner() throws Exception {
        start("SchedulerParameters=bf_interval=2\n");
        long[] jobs = holeInFrontOfAWaitingJob();
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[2]).getState()).isEqualTo(JobState.JOB_PENDING);
        cluster.clock.advance(Duration.ofSeconds(2));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[2]).getState()).isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void withSchedBuiltinNoPassBackfills() throws Exception {
        start("SchedulerType=sched/builtin\n");
        long[] jobs = holeInFrontOfAWaitingJob();
        cluster.clock.advance(Duration.ofMinutes(1));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(jobs[2]).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(jobs[1]).getStartTime()).isZero();
    }
}
