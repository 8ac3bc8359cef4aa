package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PreemptMode=GANG on a real cluster: two jobs that each need all of the node's CPUs land on the same cores of an
 * OverSubscribe=FORCE:2 partition and take turns every SchedulerTimeSlice (5 s): squeue shows one R while the other
 * is S, then the other way round, and both complete.
 */
class GangSchedulingIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false, List.of(
            "PreemptMode=GANG", "SchedulerTimeSlice=5",
            "PartitionName=gang Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:2")));

    /** A squeue state of a job still in the queue. */
    private static final Pattern ACTIVE = Pattern.compile("=(R|S|PD|CG)\\b");

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void twoJobsOnOneNodesCoresAlternateBetweenRunningAndSuspendedAndBothComplete() throws Exception {
        String cpus = cluster().ok("sinfo", "-h", "-o", "%c").strip();
        // About 12 s of work each: long enough for several 5 s slices, counted only while it runs.
        String work = "for i in $(seq 1 24); do sleep 0.5; done";
        long first = cluster().submit("-c", cpus, "--mem=100M", "--wrap", work);
        cluster().awaitState(first, Cluster.patience(), "RUNNING");
        long second = cluster().submit("-c", cpus, "--mem=100M", "--wrap", work);

        List<String> samples = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String pair = "";
        while (System.nanoTime() < deadline) {
            pair = cluster().ok("squeue", "-h", "-o", "%i=%t", "-j", first + "," + second).strip()
                    .replace('\n', ' ');
            if (samples.isEmpty() || !samples.get(samples.size() - 1).equals(pair)) {
                samples.add(pair);
            }
            if (!ACTIVE.matcher(pair).find()) {
                break;
            }
            Thread.sleep(300);
        }
        assertThat(ACTIVE.matcher(pair).find()).as("both jobs ended; states seen: %s", samples).isFalse();
        String firstRuns = first + "=R";
        String secondRuns = second + "=R";
        int turnOfSecond = indexOf(samples, second + "=R", first + "=S", 0);
        assertThat(turnOfSecond).as("the second job ran while the first was suspended; seen %s", samples)
                .isNotNegative();
        assertThat(indexOf(samples, firstRuns, second + "=S", turnOfSecond))
                .as("then the first ran again while the second was suspended; seen %s", samples).isNotNegative();
        int newcomerWaits = indexOf(samples, firstRuns, second + "=S", 0);
        assertThat(samples.subList(newcomerWaits, samples.size()))
                .as("once time-slicing began the two never ran together").noneMatch(s -> s.contains(firstRuns)
                        && s.contains(secondRuns));

        assertThat(cluster().awaitState(first, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(cluster().awaitState(second, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
    }

    /** The first sample at or after {@code from} that shows both states, or -1. */
    private static int indexOf(List<String> samples, String one, String other, int from) {
        for (int i = Math.max(0, from); i < samples.size(); i++) {
            if (samples.get(i).contains(one) && samples.get(i).contains(other)) {
                return i;
            }
        }
        return -1;
    }
}
