package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gang scheduling across partitions with PreemptType=preempt/partition_prio and PreemptMode=SUSPEND,GANG: a job of
 * the higher PriorityTier partition suspends the lower partition's job on the shared node for as long as it runs
 * (they do not take turns), and the suspended job resumes when it ends. Also the node's billing in scontrol show
 * node, which follows the TRESBillingWeights of the node's partitions.
 */
class PartitionGangIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false, List.of(
            "PreemptType=preempt/partition_prio", "PreemptMode=SUSPEND,GANG", "SchedulerTimeSlice=5",
            "PartitionName=low Nodes=ALL Default=YES MaxTime=INFINITE State=UP PriorityTier=1 OverSubscribe=FORCE:2",
            "PartitionName=high Nodes=ALL MaxTime=INFINITE State=UP PriorityTier=10 OverSubscribe=FORCE:2"
                    + " TRESBillingWeights=CPU=3")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aHigherTierJobSuspendsTheLowerTierJobUntilItEndsWithoutTakingTurns() throws Exception {
        String cpus = cluster().ok("sinfo", "-h", "-o", "%c", "-p", "low").strip();
        long low = cluster().submit("-p", "low", "-c", cpus, "--mem=100M", "--wrap",
                "for i in $(seq 1 16); do sleep 0.5; done");
        cluster().awaitState(low, Cluster.patience(), "RUNNING");
        // Longer than two time slices: a same-partition job would have had its turn by then.
        long high = cluster().submit("-p", "high", "-c", cpus, "--mem=100M", "--wrap",
                "for i in $(seq 1 28); do sleep 0.5; done");

        List<String> samples = QueueSamples.until(cluster(), low + "," + high, Duration.ofSeconds(150));
        assertThat(QueueSamples.ended(samples)).as("both ended; seen %s", samples).isTrue();
        int highRuns = QueueSamples.indexOf(samples, high + "=R", low + "=S", 0);
        assertThat(highRuns).as("the high tier job ran while the low one was suspended; seen %s", samples)
                .isNotNegative();
        assertThat(samples.subList(highRuns, samples.size()))
                .as("the two never ran together again: no time-slicing between tiers; seen %s", samples)
                .noneMatch(s -> s.contains(low + "=R") && s.contains(high + "=R"));
        assertThat(samples.subList(highRuns, samples.size()))
                .as("the low tier job ran again once the high one was done; seen %s", samples)
                .anyMatch(s -> s.contains(low + "=R") && !s.contains(high + "=R"));
        assertThat(cluster().awaitState(high, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(cluster().awaitState(low, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
    }

    @Test
    void aNodesBillingFollowsItsPartitionsWeights() throws Exception {
        String node = cluster().ok("scontrol", "show", "node", "node1");
        Matcher cfg = Pattern.compile("CfgTRES=cpu=(\\d+),mem=\\w+,billing=(\\d+)").matcher(node);
        assertThat(cfg.find()).as(node).isTrue();
        int cpus = Integer.parseInt(cfg.group(1));
        assertThat(Integer.parseInt(cfg.group(2))).as("the high partition's CPU=3 weight").isEqualTo(3 * cpus);

        long job = cluster().submit("-p", "low", "-c", "1", "--mem=100M", "--output=/dev/null", "--wrap", "sleep 30");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");
        assertThat(cluster().ok("scontrol", "show", "node", "node1")).contains("AllocTRES=cpu=1,mem=100M\n");
        cluster().ok("scancel", Long.toString(job));
        cluster().awaitState(job, Cluster.patience(), "CANCELLED");
    }
}
