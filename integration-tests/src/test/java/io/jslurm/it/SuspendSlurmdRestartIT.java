package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A job suspended when its slurmd is killed stays suspended after slurmd restarts, past its time limit by the clock,
 * and runs on after resume: the restarted slurmd read the suspension from the job's spool instead of timing the job
 * out from its start.
 */
class SuspendSlurmdRestartIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    @Test
    void aJobSuspendedAcrossASlurmdRestartIsNotTimedOutAndRunsOnAfterResume() throws Exception {
        Cluster cluster = CLUSTER.get();
        Path ticks = cluster.workDir().resolve("ticks.txt");
        long job = cluster.submit("--time=1", "--wrap", "while true; do date +%s >> " + ticks + "; sleep 0.2; done");
        String id = Long.toString(job);
        cluster.awaitState(job, Cluster.patience(), "RUNNING");
        Ticks.awaitGrowth(ticks, Duration.ofSeconds(30));
        long started = System.nanoTime();

        cluster.ok("scontrol", "suspend", id);
        cluster.awaitState(job, Duration.ofSeconds(10), "SUSPENDED");
        cluster.kill9("slurmd-node1");
        try {
            cluster.up(Duration.ofSeconds(5));
        } catch (IllegalStateException notIdle) {
            // The node is not idle (it holds the job), so slurm-local's wait for idle nodes is cut short.
            assertThat(cluster.pid("slurmd-node1")).as(notIdle.getMessage()).isPresent();
        }
        Thread.sleep(1000);
        long frozenAt = Ticks.count(ticks);

        // Past the job's one minute from its start: a slurmd that forgot the suspension would end it now.
        long pastLimit = Duration.ofSeconds(70).toNanos() - (System.nanoTime() - started);
        Thread.sleep(Math.max(0, pastLimit / 1_000_000));
        assertThat(cluster.state(id)).as(cluster.logTail("slurmd-node1.log", 30)).hasValue("SUSPENDED");
        assertThat(Ticks.count(ticks)).as("frozen through the restart").isEqualTo(frozenAt);

        cluster.ok("scontrol", "resume", id);
        cluster.awaitState(job, Duration.ofSeconds(10), "RUNNING");
        Ticks.awaitGrowth(ticks, Duration.ofSeconds(10));
        Thread.sleep(3000);
        assertThat(cluster.state(id)).as(cluster.logTail("slurmd-node1.log", 30)).hasValue("RUNNING");

        cluster.ok("scancel", id);
        cluster.awaitState(job, Cluster.patience(), "CANCELLED");
    }
}
