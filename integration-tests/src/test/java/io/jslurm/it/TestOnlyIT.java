package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sbatch --test-only on a real one-node cluster: an idle node means now, a node held by a running job means that
 * job's end; nothing is queued and the job id shown is the one the next real job gets.
 */
class TestOnlyIT {

    private static final Pattern ESTIMATE = Pattern.compile(
            "^sbatch: Job (\\d+) to start at (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d) using (\\d+) processors on nodes"
                    + " (\\S+) in partition (\\S+)\n$");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    private static Matcher estimate(String... args) throws Exception {
        Distribution.Result result = cluster().run("sbatch", args);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEmpty();
        Matcher m = ESTIMATE.matcher(result.stderr());
        assertThat(m.matches()).as(result.stderr()).isTrue();
        return m;
    }

    private static LocalDateTime field(String job, String name) throws Exception {
        Matcher m = Pattern.compile(" " + name + "=(\\S+)").matcher(cluster().ok("scontrol", "show", "job", job));
        assertThat(m.find()).isTrue();
        return LocalDateTime.parse(m.group(1));
    }

    @Test
    void theEstimateIsNowOnAnIdleNodeAndTheRunningJobsEndOnABusyOne() throws Exception {
        String node = cluster().ok("sinfo", "-h", "-N", "-o", "%N").strip();
        Matcher idle = estimate("--test-only", "--mem=100M", "-t", "5", "--wrap", "sleep 1");
        assertThat(Duration.between(LocalDateTime.parse(idle.group(2)), LocalDateTime.now()).abs())
                .isLessThan(Duration.ofSeconds(60));
        assertThat(idle.group(3)).isEqualTo("1");
        assertThat(idle.group(4)).isEqualTo(node);
        assertThat(cluster().ok("squeue", "-h")).isEmpty();

        long running = cluster().submit("--exclusive", "--mem=100M", "-t", "10", "--wrap", "sleep 300");
        assertThat(running).isEqualTo(Long.parseLong(idle.group(1)));
        cluster().awaitState(running, Cluster.patience(), "RUNNING");

        Matcher busy = estimate("--test-only", "--exclusive", "--mem=100M", "-t", "5", "--wrap", "sleep 1");
        assertThat(busy.group(1)).isEqualTo(Long.toString(running + 1));
        assertThat(busy.group(4)).isEqualTo(node);
        LocalDateTime end = field(Long.toString(running), "EndTime");
        assertThat(Duration.between(end, LocalDateTime.parse(busy.group(2))).abs())
                .isLessThanOrEqualTo(Duration.ofSeconds(60));

        Distribution.Result refused = cluster().run("sbatch", "--test-only", "-p", "nosuch", "--wrap", "true");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).isEqualTo("sbatch: error: allocation failure: Invalid partition name specified\n");

        assertThat(cluster().ok("squeue", "-h", "-o", "%i")).isEqualTo(running + "\n");
        cluster().ok("scancel", Long.toString(running));
    }
}
