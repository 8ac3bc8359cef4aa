package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A suspended job's SuspendTime and SecsPreSuspend survive a controller crash: the job runs a few seconds, is
 * suspended with scontrol, slurmctld is killed with SIGKILL and started again, and {@code scontrol show job} shows
 * the same times; the job resumes and is cancelled as usual.
 */
class SuspendTimesRestartIT {

    private static final Pattern TIMES = Pattern.compile("SuspendTime=(\\S+) SecsPreSuspend=(\\d+)");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static String times(Cluster cluster, long job) throws Exception {
        String shown = cluster.ok("scontrol", "show", "job", Long.toString(job));
        Matcher m = TIMES.matcher(shown);
        assertThat(m.find()).as(shown).isTrue();
        return m.group(0);
    }

    @Test
    void suspendTimesAreTheSameAfterTheControllerIsKilled() throws Exception {
        Cluster cluster = CLUSTER.get();
        long job = cluster.submit("--mem=100M", "--wrap", "sleep 300");
        cluster.awaitState(job, Cluster.patience(), "RUNNING");
        Thread.sleep(3000);
        cluster.ok("scontrol", "suspend", Long.toString(job));
        cluster.awaitState(job, Duration.ofSeconds(10), "SUSPENDED");
        String before = times(cluster, job);
        Matcher m = TIMES.matcher(before);
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isNotEqualTo("None");
        assertThat(Long.parseLong(m.group(2))).as(before).isBetween(3L, 60L);

        cluster.kill9("slurmctld");
        try {
            cluster.up(Duration.ofSeconds(15));
        } catch (IllegalStateException notIdle) {
            // The node holds the suspended job's memory, so it is not idle: the controller is what must run again.
            assertThat(cluster.pid("slurmctld")).as(notIdle.getMessage()).isPresent();
        }
        assertThat(cluster.awaitState(job, Cluster.patience(), "SUSPENDED")).isEqualTo("SUSPENDED");
        assertThat(times(cluster, job)).as("after the restart").isEqualTo(before);

        cluster.ok("scontrol", "resume", Long.toString(job));
        cluster.awaitState(job, Duration.ofSeconds(10), "RUNNING");
        cluster.ok("scancel", Long.toString(job));
        cluster.awaitState(job, Cluster.patience(), "CANCELLED");
    }
}
