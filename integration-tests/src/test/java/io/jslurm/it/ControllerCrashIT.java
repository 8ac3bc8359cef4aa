package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** slurmctld killed with SIGKILL while users keep submitting: every job it acknowledged is there after a restart. */
class ControllerCrashIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }


    @Test
    void everyAcknowledgedJobSurvivesAKill9OfTheController() throws Exception {
        List<Long> acknowledged = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger refused = new AtomicInteger();
        AtomicBoolean submitting = new AtomicBoolean(true);
        CompletableFuture<Void> stream = CompletableFuture.runAsync(() -> {
            while (submitting.get()) {
                try {
                    // Held far in the future: each job stays in the queue, where the check below looks for it.
                    Distribution.Result r = cluster().run("sbatch", "--begin=now+1hour", "--wrap", "true");
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("Submitted batch job (\\d+)")
                            .matcher(r.stdout());
                    if (r.exitCode() == 0 && m.find()) {
                        acknowledged.add(Long.parseLong(m.group(1)));
                    } else {
                        refused.incrementAndGet();
                    }
                } catch (Exception e) {
                    refused.incrementAndGet();
                }
            }
        });
        awaitAtLeast(acknowledged, 3);
        cluster().kill9("slurmctld");
        int beforeRestart = acknowledged.size();
        // Whether the node comes back is another test's claim: this one needs the controller only.
        try {
            cluster().up(Duration.ofSeconds(15));
        } catch (IllegalStateException notIdle) {
            assertThat(cluster().pid("slurmctld")).as(notIdle.getMessage()).isPresent();
        }
        awaitAtLeast(acknowledged, beforeRestart + 3);
        submitting.set(false);
        stream.get(2, TimeUnit.MINUTES);

        String queue = cluster().ok("squeue", "-h", "-o", "%i %T");
        for (long job : List.copyOf(acknowledged)) {
            assertThat(queue).as("job %d acknowledged before or after the kill", job).contains(job + " PENDING");
        }
        assertThat(acknowledged).doesNotHaveDuplicates();
    }

    @Test
    void nodesAreIdleAgainSoonAfterTheControllerRestarts() throws Exception {
        cluster().kill9("slurmctld");

        cluster().up(Cluster.patience());

        assertThat(cluster().ok("sinfo", "-h", "-N", "-o", "%N %t")).isEqualTo("node1 idle\n");
    }

    private static void awaitAtLeast(List<Long> jobs, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (jobs.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(jobs).as("acknowledged submissions").hasSizeGreaterThanOrEqualTo(count);
    }
}
