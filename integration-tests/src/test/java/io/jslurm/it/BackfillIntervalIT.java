package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SchedulerParameters=bf_interval on a real controller: with a one-second interval, a short job behind a two-node
 * job that waits for a busy node is backfilled onto the idle node, and squeue --start shows the waiting job's
 * expected start (backfill's estimate) rather than N/A. With Slurm's default of 30 s both would take up to 30 s.
 */
class BackfillIntervalIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false,
            List.of("SchedulerParameters=bf_interval=1")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aShortJobIsBackfilledAndTheWaitingJobShowsItsExpectedStart() throws Exception {
        List<String> nodes = cluster().ok("sinfo", "-h", "-N", "-o", "%N").lines().map(String::strip).distinct()
                .toList();
        assertThat(nodes).hasSize(2);
        long busy = cluster().submit("-w", nodes.get(0), "--exclusive", "--mem=100M", "--time=10", "--wrap",
                "sleep 300");
        cluster().awaitState(busy, Cluster.patience(), "RUNNING");
        long wide = cluster().submit("-N", "2", "--exclusive", "--mem=100M", "--time=10", "--wrap", "sleep 1");
        assertThat(cluster().awaitReason(Long.toString(wide), "Resources", Duration.ofSeconds(30)))
                .isEqualTo("Resources");
        long backfilled = cluster().submit("--mem=100M", "--time=1", "--wrap", "sleep 60");

        assertThat(cluster().awaitState(backfilled, Duration.ofSeconds(30), "RUNNING")).isEqualTo("RUNNING");
        String start = cluster().ok("squeue", "--start", "-h", "-j", Long.toString(wide), "-o", "%S").strip();
        assertThat(start).as("squeue --start of the waiting job").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d");
        assertThat(cluster().ok("squeue", "-h", "-j", Long.toString(wide), "-o", "%T")).contains("PENDING");
        assertThat(cluster().ok("sdiag")).contains("\tTotal backfilled jobs (since last slurm start): 1\n");

        cluster().ok("scancel", Long.toString(busy), Long.toString(backfilled));
        assertThat(cluster().awaitState(wide, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
    }
}
