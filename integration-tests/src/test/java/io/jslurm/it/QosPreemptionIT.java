package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * preempt/qos on a real cluster with accounting: the QOS and their Preempt= lists are made with sacctmgr, reach
 * the controller through its copy of accounting, and decide which running job gives way. QOS "high" lists "low",
 * "scavenger", "patient" and "settling"; "scavenger" has its own PreemptMode=CANCEL, which overrides the cluster's
 * PreemptMode=REQUEUE; "patient" gives its preempted jobs a GraceTime; "settling" jobs may not be preempted in their
 * first 15 seconds (PreemptExemptTime); "peer" lists nothing and is listed by none.
 * Every job wants the whole node.
 */
class QosPreemptionIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void qosSetUp() throws Exception {
        Cluster c = cluster();
        c.ok("sacctmgr", "-i", "add", "qos", "low");
        c.ok("sacctmgr", "-i", "add", "qos", "scavenger", "PreemptMode=cancel");
        c.ok("sacctmgr", "-i", "add", "qos", "peer");
        c.ok("sacctmgr", "-i", "add", "qos", "high", "Preempt=low");
        c.ok("sacctmgr", "-i", "add", "qos", "patient", "GraceTime=5");
        c.ok("sacctmgr", "-i", "add", "qos", "settling", "PreemptExemptTime=0:15");
        c.ok("sacctmgr", "-i", "modify", "qos", "high", "set", "Preempt+=scavenger,patient,settling");
        c.ok("sacctmgr", "-i", "modify", "user", "root", "set",
                "qos=normal,low,scavenger,peer,high,patient,settling");
        c.appendConf("""
                PreemptType=preempt/qos
                PreemptMode=REQUEUE
                """);
        c.ok("scontrol", "reconfigure");
        assertThat(c.ok("scontrol", "show", "config")).containsPattern("PreemptType\\s+= preempt/qos");
    }

    private long submit(String qos) throws Exception {
        return jobs.submit("--qos=" + qos, "--exclusive", "--wrap", "sleep 600");
    }

    /** sacct's row for the job (its latest run, as sacct shows without -D), as JobID|QOS|State. */
    private static String sacct(long job, String expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String out = "";
        while (System.nanoTime() < deadline) {
            out = cluster().ok("sacct", "-X", "-n", "-P", "-o", "JobID,QOS,State", "-j", Long.toString(job));
            if (out.contains(expected)) {
                break;
            }
            Thread.sleep(500);
        }
        return out;
    }

    @Test
    void sacctmgrShowsThePreemptListByNameAndTheModesTheQosHave() throws Exception {
        assertThat(cluster().ok("sacctmgr", "-P", "-n", "show", "qos", "low,scavenger,peer,high",
                "format=name,preempt,preemptmode")).isEqualTo("""
                low||cluster
                scavenger||CANCEL
                peer||cluster
                high|low,scavenger,patient,settling|cluster
                """);
    }

    /** A running job of {@code victimQos}, then a "high" one that gets the node; returns {victim, high}. */
    private long[] runningThenHigh(String victimQos) throws Exception {
        long victim = submit(victimQos);
        cluster().awaitState(victim, Cluster.patience(), "RUNNING");
        long high = submit("high");
        cluster().awaitState(high, Cluster.patience(), "RUNNING");
        return new long[] {victim, high};
    }

    @Test
    void aHighQosJobRequeuesTheLowQosJobItListsAndStarts() throws Exception {
        long[] jobs = runningThenHigh("low");
        long low = jobs[0];
        long high = jobs[1];

        assertThat(cluster().awaitState(low, Duration.ofSeconds(10), "PENDING")).isEqualTo("PENDING");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(low))).contains("Restarts=1");
        assertThat(cluster().ok("squeue", "-h", "-o", "%i %q %t")).contains(high + " high R")
                .contains(low + " low PD");
        assertThat(cluster().logTail("slurmctld.log", 200)).contains("preempted by JobId=" + high + " (REQUEUE");
        // accounting has the requeued job waiting again, not ended
        assertThat(sacct(low, "PENDING")).isEqualTo(low + "|low|PENDING\n");
        assertThat(sacct(high, "RUNNING")).isEqualTo(high + "|high|RUNNING\n");
    }

    @Test
    void aQosWithPreemptModeCancelHasItsJobEndPreemptedDespiteTheClustersRequeue() throws Exception {
        long scavenger = runningThenHigh("scavenger")[0];

        assertThat(cluster().awaitState(scavenger, Duration.ofSeconds(10), "PREEMPTED")).isEqualTo("PREEMPTED");
        assertThat(sacct(scavenger, "PREEMPTED")).isEqualTo(scavenger + "|scavenger|PREEMPTED\n");
    }

    @Test
    void theVictimsQosGraceTimeLetsItRunOnAfterSigterm() throws Exception {
        // survives SIGTERM, so it is the grace time's end that takes it off the node
        long patient = jobs.submit("--qos=patient", "--exclusive", "--wrap",
                "trap 'echo got TERM' TERM; sleep 600 & wait; sleep 600");
        cluster().awaitState(patient, Cluster.patience(), "RUNNING");
        long high = submit("high");
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (!cluster().logTail("slurmctld.log", 200).contains("preempted by JobId=" + high)
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        long preempted = System.nanoTime();

        Thread.sleep(2000);
        assertThat(cluster().state(Long.toString(patient))).contains("RUNNING");
        assertThat(cluster().state(Long.toString(high))).contains("PENDING");
        cluster().awaitState(high, Cluster.patience(), "RUNNING");
        assertThat(Duration.ofNanos(System.nanoTime() - preempted)).isGreaterThan(Duration.ofSeconds(4));
        assertThat(cluster().awaitState(patient, Duration.ofSeconds(10), "PENDING")).isEqualTo("PENDING");
        assertThat(cluster().logTail("slurmctld.log", 200))
                .contains("preempted by JobId=" + high + " (REQUEUE, GraceTime=5s)");
    }

    @Test
    void aJobIsNotPreemptedInsideItsQosPreemptExemptTime() throws Exception {
        long settling = submit("settling");
        cluster().awaitState(settling, Cluster.patience(), "RUNNING");
        long started = System.nanoTime();
        long high = submit("high");

        Thread.sleep(5000);
        assertThat(cluster().state(Long.toString(settling))).contains("RUNNING");
        assertThat(cluster().state(Long.toString(high))).contains("PENDING");
        cluster().awaitState(high, Cluster.patience(), "RUNNING");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(Duration.ofSeconds(13));
        assertThat(cluster().awaitState(settling, Duration.ofSeconds(10), "PENDING")).isEqualTo("PENDING");
    }

    @Test
    void aQosWithoutAPreemptListWaitsForTheNode() throws Exception {
        long low = submit("low");
        cluster().awaitState(low, Cluster.patience(), "RUNNING");
        long peer = submit("peer");
        // "high" does not list "peer" either: a peer job holding the node keeps it
        long after = System.nanoTime() + Duration.ofSeconds(12).toNanos();
        while (System.nanoTime() < after) {
            assertThat(cluster().state(Long.toString(low))).contains("RUNNING");
            assertThat(cluster().state(Long.toString(peer))).contains("PENDING");
            Thread.sleep(1000);
        }
        assertThat(cluster().ok("squeue", "-h", "-j", Long.toString(peer), "-o", "%r").strip())
                .isEqualTo("Resources");
        cluster().ok("scancel", Long.toString(low));
        cluster().awaitState(peer, Cluster.patience(), "RUNNING");
        long high = submit("high");
        long stillPending = System.nanoTime() + Duration.ofSeconds(8).toNanos();
        while (System.nanoTime() < stillPending) {
            assertThat(cluster().state(Long.toString(peer))).contains("RUNNING");
            Thread.sleep(1000);
        }
        assertThat(cluster().state(Long.toString(high))).contains("PENDING");
    }
}
