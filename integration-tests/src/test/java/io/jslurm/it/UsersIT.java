package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An ordinary user on an auth/slurm cluster: they cannot read slurm.key, so every command of theirs gets its
 * credential from the daemons' credential service (AuthInfo=socket=), and the controller knows them by the uid
 * the kernel reported for them. They control their own jobs and nobody else's; root controls everyone's.
 */
class UsersIT {
    private static final String USER = "jslurmusr1";
    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void user() throws Exception {
        TestUsers.ensure(USER);
    }

    private static Distribution.Result asUser(String command, String... args) throws Exception {
        return TestUsers.runAs(cluster(), USER, command, args);
    }

    private static long submitAsUser(String... args) throws Exception {
        Distribution.Result sbatch = asUser("sbatch", args);
        assertThat(sbatch.exitCode()).as(sbatch.stderr()).isZero();
        Matcher m = SUBMITTED.matcher(sbatch.stdout());
        assertThat(m.find()).as(sbatch.stdout()).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void theUserCannotReadTheKeyAndStillSubmitsListsAndCancelsTheirOwnJob() throws Exception {
        Distribution.Result readKey = TestUsers.runAsProgram(cluster(), USER, "cat",
                cluster().dir().resolve("etc/slurm.key").toString());
        assertThat(readKey.exitCode()).as("slurm.key must stay private to the daemons' user").isNotZero();

        long job = submitAsUser("--wrap", "sleep 300");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");

        Distribution.Result squeue = asUser("squeue", "--noheader", "--format=%i %u %T");
        assertThat(squeue.exitCode()).as(squeue.stderr()).isZero();
        assertThat(squeue.stdout()).contains(job + " " + USER + " RUNNING");

        Distribution.Result scancel = asUser("scancel", Long.toString(job));
        assertThat(scancel.exitCode()).as(scancel.stderr()).isZero();
        assertThat(cluster().awaitState(job, Cluster.patience(), "CANCELLED")).isEqualTo("CANCELLED");
    }

    @Test
    void theUserCannotCancelHoldUpdateOrRequeueSomeoneElsesJob() throws Exception {
        long running = cluster().submit("--wrap", "sleep 300");
        long pending = cluster().submit("--begin=now+1hour", "--wrap", "sleep 300");
        cluster().awaitState(running, Cluster.patience(), "RUNNING");

        Distribution.Result scancel = asUser("scancel", Long.toString(running));
        assertThat(scancel.exitCode()).isEqualTo(1);
        assertThat(scancel.stderr()).contains("scancel: error: Kill job error on job id " + running
                + ": Access/permission denied");

        Distribution.Result hold = asUser("scontrol", "hold", Long.toString(pending));
        assertThat(hold.exitCode()).isEqualTo(1);
        assertThat(hold.stderr()).contains("Access/permission denied for job " + pending);

        Distribution.Result update = asUser("scontrol", "update", "JobId=" + pending, "TimeLimit=5");
        assertThat(update.exitCode()).isEqualTo(1);
        assertThat(update.stderr()).contains("Access/permission denied for job " + pending);

        Distribution.Result requeue = asUser("scontrol", "requeue", Long.toString(running));
        assertThat(requeue.exitCode()).isEqualTo(1);
        assertThat(requeue.stderr()).contains("Access/permission denied for job " + running);

        assertThat(cluster().state(Long.toString(running))).contains("RUNNING");
        String pendingJob = cluster().ok("scontrol", "show", "job", Long.toString(pending));
        assertThat(pendingJob).contains("JobState=PENDING").doesNotContain("JobHeld");

        // root may do all of it
        cluster().ok("scontrol", "hold", Long.toString(pending));
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(pending))).contains("Reason=JobHeldAdmin");
        cluster().ok("scancel", Long.toString(running), Long.toString(pending));
        assertThat(cluster().awaitState(running, Cluster.patience(), "CANCELLED")).isEqualTo("CANCELLED");
    }

    @Test
    void rootCancelsAnOrdinaryUsersJob() throws Exception {
        long job = submitAsUser("--wrap", "sleep 300");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");

        cluster().ok("scancel", Long.toString(job));

        assertThat(cluster().awaitState(job, Cluster.patience(), "CANCELLED")).isEqualTo("CANCELLED");
    }

    @Test
    void theUsersBatchJobRunsAsThemAndItsSrunStepToo() throws Exception {
        cluster().script("whoami_job.sh", """
                #!/bin/bash
                #SBATCH --output=whoami_%j.out
                echo "batch $(id -un)"
                srun --ntasks=1 bash -c 'echo "step $(id -un) $SLURM_STEP_ID"'
                """);
        long job = submitAsUser("whoami_job.sh");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(cluster()
                .logTail("slurmd-node1.log", 20)).isEqualTo("COMPLETED");
        String out = Files.readString(cluster().workDir().resolve("whoami_" + job + ".out"));
        assertThat(out).contains("batch " + USER).contains("step " + USER + " 0");
    }

    @Test
    void theUserRunsAnInteractiveSrun() throws Exception {
        Distribution.Result srun = asUser("srun", "--ntasks=2", "--nodes=2", "bash", "-c", "echo $(id -un)");
        assertThat(srun.exitCode()).as(srun.stderr()).isZero();
        assertThat(srun.stdout().lines()).containsExactly(USER, USER);
    }
}
