package io.jslurm.slurmctld.fairshare;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.BOB;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobPriorityFactors;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.PriorityFactorsRequest;
import io.jslurm.protocol.proto.PriorityFactorsResponse;
import io.jslurm.protocol.proto.ShareInfoRequest;
import io.jslurm.protocol.proto.ShareInfoResponse;
import io.jslurm.protocol.proto.ShareInfoRow;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage charged from jobs that ran, fair share and the multifactor priority it feeds, through the controller's
 * RPCs, without accounting (associations come from the usage itself).
 */
class FairShareControllerTest {

    static final String MULTIFACTOR = """
            PriorityType=priority/multifactor
            PriorityWeightFairshare=10000
            PriorityWeightAge=1000
            PriorityDecayHalfLife=0
            """;

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private long submit(long uid, String user, io.jslurm.protocol.proto.JobDescription.Builder job)
            throws Exception {
        return cluster.client(uid).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    private ShareInfoResponse shares() throws Exception {
        return cluster.client(ALICE).call(ShareInfoRequest.getDefaultInstance(), ShareInfoResponse.class);
    }

    private static ShareInfoRow row(ShareInfoResponse shares, String user) {
        return shares.getRowsList().stream().filter(r -> r.getUser().equals(user)).findFirst().orElseThrow();
    }

    @Test
    void theUserWhoUsedTheClusterGetsTheLowerFairShareAndPriorityAndUsageSurvivesARestart() throws Exception {
        cluster = new ControllerFixture(dir, MULTIFACTOR);
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
        long whole = submit(ALICE, "alice", job(ALICE, "alice").setAccount("physics").setMinNodes(2)
                .setExclusive(Exclusive.EXCLUSIVE_NODE).setTimeLimitMinutes(30));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(whole).getState()).isEqualTo(JobState.JOB_RUNNING);
        cluster.slurmdPeer.next(LaunchBatchJob.class, Duration.ofSeconds(10));

        cluster.clock.advance(Duration.ofSeconds(100));
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) whole).setNodeName("gpu01").build());
        long blocker = submit(ALICE, "alice", job(ALICE, "alice").setAccount("physics").setMinNodes(2)
                .setExclusive(Exclusive.EXCLUSIVE_NODE).setTimeLimitMinutes(30));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(blocker).getState()).isEqualTo(JobState.JOB_RUNNING);
        long alices = submit(ALICE, "alice", job(ALICE, "alice").setAccount("physics").setTimeLimitMinutes(10));
        long bobs = submit(BOB, "bob", job(BOB, "bob").setAccount("chemistry").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();

        // 100 s on 16 CPUs, charged to physics/alice; the second job has not run for any time yet.
        ShareInfoResponse shares = shares();
        assertThat(row(shares, "alice").getRawUsage()).isCloseTo(1600, within(1e-6));
        assertThat(row(shares, "alice").getAccount()).isEqualTo("physics");
        assertThat(row(shares, "alice").getFairshare()).isCloseTo(0.5, within(1e-9));
        assertThat(row(shares, "alice").getLevelFs()).isCloseTo(1.0, within(1e-9));
        assertThat(row(shares, "bob").getRawUsage()).isZero();
        assertThat(row(shares, "bob").getFairshare()).isEqualTo(1.0);
        assertThat(shares.getRows(0).getAccount()).isEqualTo("root");
        assertThat(shares.getRows(0).getRawUsage()).isCloseTo(1600, within(1e-6));

        PriorityFactorsResponse sprio = cluster.client(BOB).call(
                PriorityFactorsRequest.newBuilder().addJobIds((int) alices).addJobIds((int) bobs).build(),
                PriorityFactorsResponse.class);
        assertThat(sprio.getMultifactor()).isTrue();
        assertThat(sprio.getWeights().getFairshare()).isEqualTo(10000);
        JobPriorityFactors alice = sprio.getJobs(0);
        JobPriorityFactors bob = sprio.getJobs(1);
        assertThat(alice.getJobId()).isEqualTo(alices);
        assertThat(alice.getFairshare()).isCloseTo(0.5, within(1e-9));
        assertThat(bob.getFairshare()).isEqualTo(1.0);
        assertThat(bob.getPriority()).isGreaterThan(alice.getPriority());
        assertThat(bob.getPriority()).isEqualTo(10000);
        assertThat(alice.getPriority()).isEqualTo(5000);
        assertThat(cluster.job(bobs).getPriority()).isEqualTo((int) bob.getPriority());

        assertThat(Files.readString(dir.resolve("state").resolve("assoc_usage"))).contains("physics\talice");
        cluster.close();
        cluster = new ControllerFixture(dir, MULTIFACTOR);
        cluster.controller.loop().runPass();
        assertThat(row(shares(), "alice").getRawUsage()).isCloseTo(1600, within(1e-6));
    }

    @Test
    void theFilterKeepsTheAccountsAndTheNamedUsers() throws Exception {
        cluster = new ControllerFixture(dir, MULTIFACTOR);
        cluster.register("gpu01", 16000);
        long job = submit(ALICE, "alice", job(ALICE, "alice").setAccount("physics").setTimeLimitMinutes(10));
        submit(BOB, "bob", job(BOB, "bob").setAccount("physics").setTimeLimitMinutes(10).setMinNodes(1)
                .setExclusive(Exclusive.EXCLUSIVE_NODE));
        cluster.controller.loop().runPass();
        cluster.clock.advance(Duration.ofSeconds(10));
        cluster.controller.loop().runPass();

        ShareInfoResponse onlyBob = cluster.client(BOB).call(ShareInfoRequest.newBuilder().addUsers("bob").build(),
                ShareInfoResponse.class);

        assertThat(onlyBob.getRowsList()).extracting(ShareInfoRow::getUser).containsExactly("", "", "bob");
        assertThat(onlyBob.getRowsList()).extracting(ShareInfoRow::getAccount)
                .containsExactly("root", "physics", "physics");
        assertThat(job).isPositive();
    }
}
