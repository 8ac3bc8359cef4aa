package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * scontrol suspend and resume on a real cluster: the job's processes stop through the cgroup freezer and go on
 * after resume; squeue shows S and sacct SUSPENDED meanwhile.
 */
class SuspendIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aSuspendedJobStopsWhileSuspendedAndGoesOnAfterResume() throws Exception {
        Path ticks = cluster().workDir().resolve("ticks.txt");
        long job = cluster().submit("--wrap", "while true; do date +%s%N >> " + ticks + "; sleep 0.2; done");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");
        Ticks.awaitGrowth(ticks, Duration.ofSeconds(30));

        Ticks.suspendAndCheckFrozen(cluster(), job, ticks);
        assertThat(awaitSacct(job, "SUSPENDED")).contains("SUSPENDED");

        Distribution.Result again = cluster().run("scontrol", "suspend", Long.toString(job));
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.stderr()).contains("Job is not running");

        cluster().ok("scontrol", "resume", Long.toString(job));
        cluster().awaitState(job, Duration.ofSeconds(10), "RUNNING");
        Ticks.awaitGrowth(ticks, Duration.ofSeconds(10));
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(job))).doesNotContain("SuspendTime=None");
        Distribution.Result notSuspended = cluster().run("scontrol", "resume", Long.toString(job));
        assertThat(notSuspended.exitCode()).isEqualTo(1);
        assertThat(notSuspended.stderr()).contains("Job is not suspended");

        cluster().ok("scancel", Long.toString(job));
        cluster().awaitState(job, Cluster.patience(), "CANCELLED");
    }

    private static String awaitSacct(long job, String state) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        String out = "";
        while (System.nanoTime() < deadline) {
            out = cluster().ok("sacct", "-n", "-X", "-j", Long.toString(job), "-o", "JobID,State");
            if (out.contains(state)) {
                return out;
            }
            Thread.sleep(500);
        }
        return out;
    }
}
