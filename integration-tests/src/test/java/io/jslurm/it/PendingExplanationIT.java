package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What sbatch asks for reaches the scheduler and what the scheduler knows reaches scontrol: on three nodes with the
 * middle one taken, a two-node --contiguous job waits (the two idle nodes are not neighbours) with Reason=Resources,
 * Contiguous=1 and an Explanation line counting the nodes passed over; it runs once the middle node is free.
 */
class PendingExplanationIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(3, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aContiguousJobWaitsForNeighboursAndScontrolSaysWhy() throws Exception {
        List<String> nodes = cluster().ok("sinfo", "-h", "-N", "-o", "%N").lines().map(String::strip).distinct()
                .toList();
        assertThat(nodes).hasSize(3);
        long middle = cluster().submit("-w", nodes.get(1), "--exclusive", "--mem=100M", "--wrap", "sleep 300");
        cluster().awaitState(middle, Cluster.patience(), "RUNNING");

        long pair = cluster().submit("-N", "2", "--contiguous", "--mem=100M", "--wrap", "sleep 1");
        String id = Long.toString(pair);
        assertThat(cluster().awaitReason(id, "Resources", Duration.ofSeconds(30))).isEqualTo("Resources");
        String shown = cluster().ok("scontrol", "show", "job", id);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!shown.contains("Explanation=") && System.nanoTime() < deadline) {
            Thread.sleep(500);
            shown = cluster().ok("scontrol", "show", "job", id);
        }
        assertThat(shown).contains("JobState=PENDING", "Contiguous=1").containsPattern("\n   Explanation=\\S.*\n");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(middle))).doesNotContain("Explanation=");

        cluster().ok("scancel", Long.toString(middle));
        assertThat(cluster().awaitState(pair, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
    }
}
