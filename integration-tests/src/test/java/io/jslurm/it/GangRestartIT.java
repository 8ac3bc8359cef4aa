package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gang time-slicing survives a controller crash: two jobs on the same cores of an OverSubscribe=FORCE:2 partition
 * take turns every 5 s; slurmctld is killed with SIGKILL while one of them is suspended by the gang scheduler and
 * started again. The jobs go on alternating (the suspended one is not left suspended) and both complete.
 */
class GangRestartIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false, List.of(
            "PreemptMode=GANG", "SchedulerTimeSlice=5",
            "PartitionName=slices Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:2")));

    @Test
    void aGangSuspendedJobTakesTurnsAgainAfterTheControllerIsKilledAndBothComplete() throws Exception {
        Cluster cluster = CLUSTER.get();
        String cpus = cluster.ok("sinfo", "-h", "-o", "%c").strip();
        // About 40 s of work each, counted only while it runs: the running one goes on while the controller is
        // down (slurm-local up waits up to 15 s for an idle node it will not get), several slices remain after.
        String work = "for i in $(seq 1 80); do sleep 0.5; done";
        long first = cluster.submit("-c", cpus, "--mem=100M", "--wrap", work);
        cluster.awaitState(first, Cluster.patience(), "RUNNING");
        long second = cluster.submit("-c", cpus, "--mem=100M", "--wrap", work);
        String jobs = first + "," + second;
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        String pair = "";
        while (!pair.contains(second + "=S") && System.nanoTime() < deadline) {
            Thread.sleep(200);
            pair = QueueSamples.squeue(cluster, jobs).orElse("");
        }
        assertThat(pair).as("the newcomer is suspended by time-slicing").contains(first + "=R", second + "=S");

        cluster.kill9("slurmctld");
        try {
            cluster.up(Duration.ofSeconds(15));
        } catch (IllegalStateException notIdle) {
            // The node is busy with the two jobs, so it is not idle: the controller is what must run again.
            assertThat(cluster.pid("slurmctld")).as(notIdle.getMessage()).isPresent();
        }

        List<String> samples = QueueSamples.until(cluster, jobs, Duration.ofSeconds(240));
        assertThat(QueueSamples.ended(samples)).as("both jobs ended; states seen after the restart: %s", samples)
                .isTrue();
        assertThat(samples).as("the job suspended at the crash ran again while the other waited")
                .anyMatch(s -> s.contains(second + "=R") && s.contains(first + "=S"));
        assertThat(samples).as("and the two never ran together after the restart")
                .noneMatch(s -> s.contains(first + "=R") && s.contains(second + "=R"));
        assertThat(cluster.awaitState(first, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(cluster.awaitState(second, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
    }
}
