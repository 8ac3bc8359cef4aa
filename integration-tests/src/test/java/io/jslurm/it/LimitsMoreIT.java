package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Accounting limits beyond counting jobs and TRES, end to end with AccountingStorageEnforce=associations,limits,qos:
 * the time limit a QOS's MaxWall or MaxTRESMins gives a job without --time, array tasks against the submit and run
 * limits, a changed QOS re-checked by scontrol update, the TRES-minutes limits (also after slurmctld is killed and
 * started again), and the ExitCode sacct records for a cancelled job. The cluster has one node with two CPUs; jobs
 * run as the running user (root).
 */
class LimitsMoreIT {

    private static final String SUBMIT_FAILED = "sbatch: error: Batch job submission failed: ";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void setUp() throws Exception {
        Cluster c = cluster();
        c.ok("sacctmgr", "-i", "add", "qos", "walled", "MaxWall=00:30:00");
        c.ok("sacctmgr", "-i", "add", "qos", "five", "MaxSubmitJobsPerUser=5");
        c.ok("sacctmgr", "-i", "add", "qos", "two-running", "MaxJobsPerUser=2");
        c.ok("sacctmgr", "-i", "add", "qos", "one-job", "MaxJobsPerUser=1");
        c.ok("sacctmgr", "-i", "add", "qos", "cpumin", "MaxTRESMins=cpu=10");
        c.ok("sacctmgr", "-i", "add", "qos", "quota", "GrpTRESMins=cpu=3");
        c.ok("sacctmgr", "-i", "add", "qos", "minute", "GrpTRESMins=cpu=1");
        c.ok("sacctmgr", "-i", "modify", "user", "root", "set",
                "qos=normal,walled,five,two-running,one-job,cpumin,quota,minute");
        Enforcement.enable(c, "associations,limits,qos", "quota");
    }

    private long submit(String... args) throws Exception {
        return jobs.submit(args);
    }

    private String showJob(long job) throws Exception {
        return cluster().ok("scontrol", "show", "job", Long.toString(job));
    }

    private String awaitReason(String job, String expected) throws Exception {
        return cluster().awaitReason(job, expected, Duration.ofSeconds(30));
    }

    @Test
    void aJobWithoutTimeGetsTheQosMaxWallAsItsTimeLimit() throws Exception {
        long walled = submit("--qos=walled", "--hold", "--wrap", "true");
        long normal = submit("--hold", "--wrap", "true");
        long asked = submit("--qos=walled", "--time=10", "--hold", "--wrap", "true");

        assertThat(showJob(walled)).contains("TimeLimit=00:30:00");
        assertThat(showJob(normal)).doesNotContain("TimeLimit=00:30:00");
        assertThat(showJob(asked)).contains("TimeLimit=00:10:00");
    }

    @Test
    void maxTresMinsGivesATimeLimitAndHoldsBackAJobAskingMore() throws Exception {
        long twoCpus = submit("--qos=cpumin", "-c", "2", "--hold", "--wrap", "true");
        assertThat(showJob(twoCpus)).contains("TimeLimit=00:05:00");

        long tooLong = submit("--qos=cpumin", "--time=20", "--wrap", "true");
        assertThat(awaitReason(Long.toString(tooLong), "QOSMaxCpuMinutesPerJobLimit"))
                .isEqualTo("QOSMaxCpuMinutesPerJobLimit");
    }

    @Test
    void anArrayOfMoreTasksThanMaxSubmitJobsPerUserIsRefused() throws Exception {
        Distribution.Result ten = cluster().run("sbatch", "--qos=five", "--array=0-9", "--hold", "--wrap", "true");
        assertThat(ten.exitCode()).isEqualTo(1);
        assertThat(ten.stderr()).isEqualTo(SUBMIT_FAILED
                + "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n");

        long five = submit("--qos=five", "--array=0-4", "--hold", "--wrap", "true");
        Distribution.Result sixth = cluster().run("sbatch", "--qos=five", "--hold", "--wrap", "true");
        assertThat(cluster().ok("squeue", "-h", "-r", "-j", Long.toString(five), "-o", "%i").strip().split("\n"))
                .hasSize(5);
        assertThat(sixth.exitCode()).isEqualTo(1);
    }

    @Test
    void arrayTasksCountAsJobsAgainstMaxJobsPerUserWhileRunning() throws Exception {
        long array = submit("--qos=two-running", "--array=0-3", "--wrap", "sleep 300");

        String second = array + "_2";
        assertThat(awaitReason(second, "QOSMaxJobsPerUserLimit")).isEqualTo("QOSMaxJobsPerUserLimit");
        String states = cluster().ok("squeue", "-h", "-r", "-j", Long.toString(array), "-o", "%i %T");
        assertThat(Arrays.stream(states.split("\n")).filter(l -> l.endsWith("RUNNING"))).hasSize(2);
        assertThat(Arrays.stream(states.split("\n")).filter(l -> l.endsWith("PENDING"))).hasSize(2);
    }

    @Test
    void scontrolUpdateChecksTheNewQos() throws Exception {
        long running = submit("--qos=one-job", "--wrap", "sleep 300");
        cluster().awaitState(running, Cluster.patience(), "RUNNING");
        long held = submit("--hold", "--wrap", "sleep 300");

        Distribution.Result bogus = cluster().run("scontrol", "update", "job=" + held, "qos=bogus");
        assertThat(bogus.exitCode()).isEqualTo(1);
        assertThat(bogus.stderr()).contains("Invalid qos specification");
        assertThat(showJob(held)).contains("QOS=normal");

        cluster().ok("scontrol", "update", "job=" + held, "qos=one-job");
        cluster().ok("scontrol", "release", Long.toString(held));
        assertThat(awaitReason(Long.toString(held), "QOSMaxJobsPerUserLimit")).isEqualTo("QOSMaxJobsPerUserLimit");
        assertThat(showJob(held)).contains("QOS=one-job");
    }

    @Test
    void grpTresMinsHoldsBackAJobThatWouldGoBeyondWhatTheQosHasLeft() throws Exception {
        long first = submit("--qos=quota", "--time=2", "--wrap", "sleep 300");
        cluster().awaitState(first, Cluster.patience(), "RUNNING");
        Thread.sleep(3000);

        // 3 CPU-minutes would just fit an unused quota; what the first job used so far leaves less.
        long second = submit("--qos=quota", "--time=3", "--wrap", "true");

        assertThat(awaitReason(Long.toString(second), "QOSGrpCPUMinutesLimit")).isEqualTo("QOSGrpCPUMinutesLimit");
    }

    @Test
    void grpTresMinsUsageIsStillThereAfterTheControllerIsKilledAndStartedAgain() throws Exception {
        long first = submit("--qos=minute", "--time=1", "--wrap", "sleep 15");
        cluster().awaitState(first, Cluster.patience(), "COMPLETED");
        // Usage is saved at least every 10 s while it grows: let a save after the job's end happen.
        Thread.sleep(15_000);
        cluster().kill9("slurmctld");
        cluster().up(Cluster.patience());
        Enforcement.await(cluster(), "minute");

        // The 15 s the first job used leave less than the 1 CPU-minute this one asks.
        long second = submit("--qos=minute", "--time=1", "--wrap", "true");

        assertThat(awaitReason(Long.toString(second), "QOSGrpCPUMinutesLimit")).isEqualTo("QOSGrpCPUMinutesLimit");
    }

    @Test
    void aJobCancelledWhileRunningRecordsExitCode0Colon15AndAPendingOne0Colon0() throws Exception {
        long running = submit("--wrap", "sleep 300");
        cluster().awaitState(running, Cluster.patience(), "RUNNING");
        long pending = submit("--hold", "--wrap", "true");
        cluster().ok("scancel", Long.toString(running));
        cluster().ok("scancel", Long.toString(pending));
        cluster().awaitState(running, Cluster.patience(), "CANCELLED");

        assertThat(showJob(running)).contains("ExitCode=0:15");
        List<String> rows = cluster().awaitSacctRows(List.of(running, pending), "JobID,State,ExitCode", 3);
        assertThat(rows).contains(running + "|CANCELLED by 0|0:15", running + ".batch|CANCELLED|0:15",
                pending + "|CANCELLED by 0|0:0");
    }
}
