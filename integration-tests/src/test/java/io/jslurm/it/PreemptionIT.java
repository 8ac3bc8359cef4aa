package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * preempt/partition_prio on a real cluster: a job of a PriorityTier=1 partition holds the whole node, a job of a
 * PriorityTier=10 partition sharing that node arrives, and the low one is requeued or cancelled (PREEMPTED) as the
 * low partition's PreemptMode says, while the high one starts.
 */
class PreemptionIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static String baseConf;

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void readConf() throws Exception {
        baseConf = Files.readString(conf());
    }

    private static Path conf() {
        return cluster().dir().resolve("etc/slurm.conf");
    }

    /** slurm.conf as slurm-local wrote it plus two tiers over the same node, then scontrol reconfigure. */
    private static void configure(String lowPreemptMode) throws Exception {
        Files.writeString(conf(), baseConf + """
                PreemptType=preempt/partition_prio
                PreemptMode=REQUEUE
                PartitionName=low Nodes=ALL PriorityTier=1 MaxTime=INFINITE State=UP PreemptMode=%s
                PartitionName=high Nodes=ALL PriorityTier=10 MaxTime=INFINITE State=UP
                """.formatted(lowPreemptMode));
        cluster().ok("scontrol", "reconfigure");
        assertThat(cluster().ok("sinfo", "-h", "-o", "%P")).contains("low").contains("high");
        assertThat(cluster().ok("scontrol", "show", "partition", "low")).contains("PreemptMode=" + lowPreemptMode);
    }

    @AfterEach
    void cleanUp() throws Exception {
        cluster().run("scancel", "-p", "low");
        cluster().run("scancel", "-p", "high");
    }

    /** A whole-node job in "low", running; then one in "high" that needs the node; returns {low, high}. */
    private static long[] lowThenHigh() throws Exception {
        long low = cluster().submit("-p", "low", "--exclusive", "--wrap", "sleep 600");
        cluster().awaitState(low, Cluster.patience(), "RUNNING");
        long high = cluster().submit("-p", "high", "--exclusive", "--wrap", "sleep 600");
        cluster().awaitState(high, Cluster.patience(), "RUNNING");
        return new long[] {low, high};
    }

    @Test
    void aHighTierJobRequeuesTheLowTierJobAndStarts() throws Exception {
        configure("REQUEUE");
        long[] jobs = lowThenHigh();
        long low = jobs[0];
        long high = jobs[1];

        assertThat(cluster().awaitState(low, Duration.ofSeconds(10), "PENDING")).isEqualTo("PENDING");
        String shown = cluster().ok("scontrol", "show", "job", Long.toString(low));
        assertThat(shown).contains("Restarts=1");
        assertThat(cluster().ok("squeue", "-h", "-o", "%i %P %t")).contains(high + " high R")
                .contains(low + " low PD");
        assertThat(cluster().logTail("slurmctld.log", 200)).contains("preempted by JobId=" + high);
    }

    @Test
    void aPartitionWithPreemptModeCancelEndsItsJobPreempted() throws Exception {
        configure("CANCEL");
        long low = lowThenHigh()[0];

        assertThat(cluster().awaitState(low, Duration.ofSeconds(10), "PREEMPTED")).isEqualTo("PREEMPTED");
        assertThat(cluster().ok("squeue", "-h", "-t", "all", "-o", "%i %t")).contains(low + " PR");
    }
}
