package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * OverSubscribe=YES:2 on a real cluster: two jobs submitted with --oversubscribe (-s) that each need all of the
 * node's CPUs run side by side on the same cores; a job without it waits for the cores; scontrol show job says
 * OverSubscribe=YES for the sharing jobs and OK for the other.
 */
class OverSubscribeIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false, List.of(
            "PartitionName=yes Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES:2")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void jobsAskingToOversubscribeShareTheCoresAndAJobThatDidNotWaits() throws Exception {
        String cpus = cluster().ok("sinfo", "-h", "-o", "%c").strip();
        long first = cluster().submit("-s", "-c", cpus, "--mem=100M", "--wrap", "sleep 300");
        long second = cluster().submit("--oversubscribe", "-c", cpus, "--mem=100M", "--wrap", "sleep 300");
        cluster().awaitState(first, Cluster.patience(), "RUNNING");
        cluster().awaitState(second, Cluster.patience(), "RUNNING");
        long alone = cluster().submit("-c", cpus, "--mem=100M", "--wrap", "sleep 1");
        Thread.sleep(5000);

        assertThat(cluster().state(Long.toString(alone))).hasValue("PENDING");
        assertThat(cluster().ok("squeue", "-h", "-j", Long.toString(alone), "-o", "%r")).contains("Resources");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(first))).contains("OverSubscribe=YES");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(alone))).contains("OverSubscribe=OK");
        assertThat(cluster().ok("squeue", "-h", "-j", first + "," + second, "-o", "%h")).isEqualTo("YES\nYES\n");

        cluster().ok("scancel", Long.toString(first), Long.toString(second));
        assertThat(cluster().awaitState(alone, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
    }
}
