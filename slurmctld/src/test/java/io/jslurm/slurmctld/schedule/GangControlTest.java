package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PreemptMode=GANG through the controller: two whole-node jobs of an OverSubscribe=FORCE:2 partition are allocated
 * the same cores and take turns, one suspended while the other runs, switching every SchedulerTimeSlice.
 */
class GangControlTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, """
                PreemptMode=GANG
                SchedulerTimeSlice=10
                PartitionName=shared Nodes=gpu01 MaxTime=60 OverSubscribe=FORCE:2 State=UP
                """);
        cluster.register("gpu01", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private void passAfter(int seconds) {
        cluster.clock.advance(Duration.ofSeconds(seconds));
        cluster.controller.loop().runPass();
    }

    private JobState state(long job) throws Exception {
        return cluster.job(job).getState();
    }

    /** A whole-node job runs, a second lands on its cores and is suspended within 4 s; returns {first, second}. */
    private long[] newcomerWaits() throws Exception {
        long first = cluster.submitWholeNode("shared", false);
        cluster.controller.loop().runPass();
        long second = cluster.submitWholeNode("shared", false);
        passAfter(1);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).as("started on the shared cores").isEqualTo(JobState.JOB_RUNNING);

        passAfter(3);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).as("the newcomer waits for the next slice").isEqualTo(JobState.JOB_SUSPENDED);
        return new long[] {first, second};
    }

    @Test
    void twoJobsOnTheSameCoresAlternateEverySlice() throws Exception {
        long[] jobs = newcomerWaits();
        long first = jobs[0];
        long second = jobs[1];

        passAfter(10);
        assertThat(state(first)).isEqualTo(JobState.JOB_SUSPENDED);
        assertThat(state(second)).isEqualTo(JobState.JOB_RUNNING);

        passAfter(4);
        assertThat(state(second)).as("within the slice nothing changes").isEqualTo(JobState.JOB_RUNNING);
        passAfter(6);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).isEqualTo(JobState.JOB_SUSPENDED);

        long third = cluster.submitWholeNode("shared", false);
        passAfter(1);
        assertThat(state(third)).as("the suspended job still holds its share of the cores")
                .isEqualTo(JobState.JOB_PENDING);

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) first).setNodeName("gpu01").build());
        passAfter(1);
        assertThat(state(second)).as("resumes as soon as its cores are free").isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void takingGangOutOfTheConfigurationResumesTheJobsItSuspended() throws Exception {
        long[] jobs = newcomerWaits();
        long first = jobs[0];
        long second = jobs[1];

        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, Files.readString(conf).replace("PreemptMode=GANG\n", ""));
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        passAfter(1);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).as("side by side again, as without GANG").isEqualTo(JobState.JOB_RUNNING);
        passAfter(30);
        assertThat(state(first)).isEqualTo(JobState.JOB_RUNNING);
        assertThat(state(second)).isEqualTo(JobState.JOB_RUNNING);
    }

    @Test
    void jobsOnDifferentCoresAreNotTimeSliced() throws Exception {
        long[] jobs = new long[2];
        for (int i = 0; i < 2; i++) {
            jobs[i] = cluster.submit(ALICE, job(ALICE, "alice").setPartition("shared").setNtasks(2)
                    .setMemPerNodeMb(1000).setTimeLimitMinutes(30));
        }
        for (int i = 0; i < 4; i++) {
            passAfter(6);
            assertThat(state(jobs[0])).isEqualTo(JobState.JOB_RUNNING);
            assertThat(state(jobs[1])).isEqualTo(JobState.JOB_RUNNING);
        }
    }
}
