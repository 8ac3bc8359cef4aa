package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * QOS and association limits end to end: the seed's QOS set-up through sacctmgr as written, then
 * AccountingStorageEnforce=associations,limits,qos,safe. The cluster has one node with four stand-in GPUs and
 * two CPUs, so the GPU limit is shown with a QOS like the seed's normal-train but scaled to fit
 * (MaxTRESPerUser=gres/gpu=2); jobs run as the running user (root), who gets the seed's QOS as alice does.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QosLimitsIT {

    private static final String SUBMIT_FAILED = "sbatch: error: Batch job submission failed: ";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 4, true));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void seedSetUp() throws Exception {
        TestUsers.ensure("alice");
        Cluster c = cluster();
        c.ok("sacctmgr", "-i", "add", "account", "ml", "Description=machine learning", "Organization=research");
        c.ok("sacctmgr", "-i", "add", "user", "alice", "Account=ml");
        // Seed 000, as written.
        c.ok("sacctmgr", "add", "qos", "normal-train", "Priority=10", "MaxTRESPerUser=gres/gpu=32",
                "MaxJobsPerUser=10");
        c.ok("sacctmgr", "add", "qos", "priority-train", "Priority=100", "MaxTRESPerUser=gres/gpu=64",
                "MaxWallDurationPerJob=7-00:00:00");
        c.ok("sacctmgr", "modify", "user", "alice", "set", "qos=normal-train,priority-train");
        // Scaled to four GPUs and two CPUs, for the running user.
        c.ok("sacctmgr", "-i", "add", "qos", "small-train", "Priority=10", "MaxTRESPerUser=gres/gpu=2",
                "MaxJobsPerUser=10");
        c.ok("sacctmgr", "-i", "add", "qos", "one-job", "MaxJobsPerUser=1");
        c.ok("sacctmgr", "-i", "add", "qos", "not-mine");
        c.ok("sacctmgr", "-i", "modify", "user", "root", "set",
                "qos=normal,normal-train,priority-train,small-train,one-job");
        Enforcement.enable(c, "associations,limits,qos,safe", "small-train");
    }

    private long submit(String... args) throws Exception {
        return jobs.submit(args);
    }

    private String awaitReason(long job, String expected) throws Exception {
        return cluster().awaitReason(Long.toString(job), expected, Duration.ofSeconds(30));
    }

    @Test
    void anUnknownAccountIsRefusedWithSlurmsError() throws Exception {
        Distribution.Result r = cluster().run("sbatch", "-A", "physics", "--wrap", "true");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo(SUBMIT_FAILED
                + "Invalid account or account/partition combination specified\n");
    }

    @Test
    void aQosTheUserMayNotUseIsRefused() throws Exception {
        Distribution.Result notAllowed = cluster().run("sbatch", "--qos=not-mine", "--wrap", "true");
        Distribution.Result unknown = cluster().run("sbatch", "--qos=bogus", "--wrap", "true");

        assertThat(notAllowed.exitCode()).isEqualTo(1);
        assertThat(notAllowed.stderr()).isEqualTo(SUBMIT_FAILED + "Invalid qos specification\n");
        assertThat(unknown.stderr()).isEqualTo(SUBMIT_FAILED + "Invalid qos specification\n");
    }

    @Test
    void sbatchWithTheSeedsPriorityTrainQosIsAcceptedAndRuns() throws Exception {
        cluster().script("train_urgent.sh", "#!/bin/bash\necho urgent\n");
        long job = submit("--qos=priority-train", "train_urgent.sh");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(job))).contains("QOS=priority-train",
                "Account=root");
    }

    @Test
    void gpuJobsBeyondMaxTresPerUserWaitWithQosMaxGresPerUserAndStartWhenOneEnds() throws Exception {
        long first = submit("--qos=small-train", "--gpus=1", "--wrap", "sleep 300");
        long second = submit("--qos=small-train", "--gpus=1", "--wrap", "sleep 300");
        cluster().awaitState(first, Cluster.patience(), "RUNNING");
        cluster().awaitState(second, Cluster.patience(), "RUNNING");

        long third = submit("--qos=small-train", "--gpus=1", "--wrap", "sleep 300");

        assertThat(awaitReason(third, "QOSMaxGRESPerUser")).isEqualTo("QOSMaxGRESPerUser");
        assertThat(cluster().state(Long.toString(third))).contains("PENDING");
        cluster().ok("scancel", Long.toString(first));
        assertThat(cluster().awaitState(third, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
    }

    @Test
    void jobsBeyondMaxJobsPerUserWaitWithQosMaxJobsPerUserLimitAndStartWhenOneEnds() throws Exception {
        long first = submit("--qos=one-job", "--wrap", "sleep 300");
        cluster().awaitState(first, Cluster.patience(), "RUNNING");

        long second = submit("--qos=one-job", "--wrap", "sleep 300");

        assertThat(awaitReason(second, "QOSMaxJobsPerUserLimit")).isEqualTo("QOSMaxJobsPerUserLimit");
        cluster().ok("scancel", Long.toString(first));
        assertThat(cluster().awaitState(second, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
    }

    @Test
    void sacctmgrShowsTheSeedsQos() throws Exception {
        assertThat(cluster().ok("sacctmgr", "-P", "-n", "show", "qos", "normal-train,priority-train",
                "format=name,priority,maxtrespu,maxjobspu,maxwall")).isEqualTo("""
                normal-train|10|gres/gpu=32|10|
                priority-train|100|gres/gpu=64||7-00:00:00
                """);
        assertThat(cluster().ok("sacctmgr", "-P", "-n", "show", "association", "where", "user=alice",
                "format=account,user,qos")).isEqualTo("ml|alice|normal-train,priority-train\n");
    }

    /** Last: slurmdbd stays stopped. The controller keeps enforcing the copy it has, which it also saved. */
    @Test
    @Order(Integer.MAX_VALUE)
    void withSlurmdbdStoppedTheLastCopyStillHolds() throws Exception {
        cluster().stop("slurmdbd");
        Thread.sleep(7000);

        Distribution.Result r = cluster().run("sbatch", "-A", "physics", "--wrap", "true");
        long job = submit("--qos=priority-train", "--wrap", "true");

        assertThat(r.stderr()).isEqualTo(SUBMIT_FAILED
                + "Invalid account or account/partition combination specified\n");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        try (var files = Files.walk(cluster().dir())) {
            assertThat(files.filter(f -> f.getFileName().toString().equals("assoc_mgr_state")).count())
                    .isEqualTo(1);
        }
    }
}
