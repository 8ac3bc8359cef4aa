package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * scontrol requeue of a running job: accounting keeps the run it ended as REQUEUED and records the next run
 * apart, with a later submit time; plain sacct shows the latest run, {@code sacct -D} both, oldest first. The class
 * name is short because the cluster directory it names holds MariaDB's socket (paths up to 107 bytes).
 */
class RequeueAcctIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aRequeuedRunKeepsItsOwnRecord() throws Exception {
        long job = cluster().submit("--job-name=again", "--wrap", "sleep 300");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");
        String node = cluster().ok("squeue", "-h", "-j", Long.toString(job), "-o", "%N").strip();
        cluster().ok("scontrol", "requeue", Long.toString(job));

        List<String> runs = awaitRows(job, 2);
        assertThat(runs).hasSize(2);
        String[] ended = runs.get(0).split("\\|");
        String[] next = runs.get(1).split("\\|");
        assertThat(ended[0]).isEqualTo(Long.toString(job));
        assertThat(ended[1]).isEqualTo("REQUEUED");
        assertThat(ended[2]).isEqualTo(node);
        assertThat(ended[4]).isNotEqualTo("Unknown");
        assertThat(next[0]).isEqualTo(Long.toString(job));
        assertThat(next[1]).isIn("PENDING", "RUNNING");
        assertThat(next[3]).as("the next run's submit time").isGreaterThan(ended[3]);

        String latest = cluster().ok("sacct", "-n", "-X", "-P", "-o", "JobID,State", "-j", Long.toString(job)).strip();
        assertThat(latest).isIn(job + "|PENDING", job + "|RUNNING");
        cluster().ok("scancel", Long.toString(job));
    }

    /** sacct -D's rows for the job once the second run has reached the database. */
    private static List<String> awaitRows(long job, int expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<String> rows = List.of();
        while (System.nanoTime() < deadline) {
            String out = cluster().ok("sacct", "-D", "-X", "-n", "-P", "-o", "JobID,State,NodeList,Submit,End",
                    "-j", Long.toString(job));
            rows = Arrays.stream(out.split("\n")).filter(line -> !line.isBlank()).toList();
            if (rows.size() >= expected) {
                return rows;
            }
            Thread.sleep(1000);
        }
        return rows;
    }
}
