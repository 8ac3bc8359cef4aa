package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Node state changes reach slurmdbd as events, read back with {@code sacctmgr show event}: a drain set with
 * scontrol (open until the node is resumed, told again by a restarted controller without a second row), and a
 * slurmd that stops answering (DOWN* "Not responding" until it answers again).
 */
class NodeEventsIT {

    private static final String TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aDrainIsAnOpenEventWithItsReasonAndUserUntilTheNodeIsResumed() throws Exception {
        cluster().ok("scontrol", "update", "nodename=node2", "state=drain", "reason=bad gpu");
        String open = awaitEvents("node2", rows -> rows.stream().anyMatch(r -> r.contains("|DRAIN|")));
        assertThat(open).matches("\\S+\\|node2\\|" + TIME + "\\|Unknown\\|DRAIN\\|bad gpu\\|root\\(0\\)\n");

        // A restarted controller tells slurmdbd its drained node again: still one open event, from the same time.
        cluster().stop("slurmctld");
        // slurm-local up waits for every node to be idle, which a drained node never is: it reports that.
        assertThatThrownBy(() -> cluster().up(Duration.ofSeconds(20))).hasMessageContaining("node2=DRAINED");
        cluster().ok("scontrol", "update", "nodename=node1", "state=drain", "reason=marker");
        awaitEvents("node1", rows -> rows.stream().anyMatch(r -> r.contains("|marker|")));
        assertThat(events("node2")).isEqualTo(open);

        cluster().ok("scontrol", "update", "nodename=node2", "state=resume");
        String closed = awaitEvents("node2", rows -> rows.stream().noneMatch(r -> r.contains("|Unknown|")));
        String start = open.split("\\|")[2];
        assertThat(closed).matches("\\S+\\|node2\\|" + start + "\\|" + TIME + "\\|DRAIN\\|bad gpu\\|root\\(0\\)\n");
        assertThat(cluster().ok("sacctmgr", "-P", "-n", "show", "event", "states=drain", "format=NodeName,Reason"))
                .isEqualTo("node1|marker\n");
        cluster().ok("scontrol", "update", "nodename=node1", "state=resume");
    }

    @Test
    void aSilentSlurmdIsDownNotRespondingUntilItAnswersAgain() throws Exception {
        long slurmd = cluster().pid("slurmd-node1").orElseThrow();
        signal("STOP", slurmd);
        String down;
        try {
            // SlurmdTimeout is 30 s in slurm-local's slurm.conf.
            down = awaitEvents("node1", rows -> rows.stream().anyMatch(r -> r.contains("|DOWN*|")),
                    Duration.ofSeconds(30).plus(Cluster.patience()));
        } finally {
            signal("CONT", slurmd);
        }
        assertThat(down).containsPattern("\\|node1\\|" + TIME + "\\|Unknown\\|DOWN\\*\\|Not responding\\|\\S+\\(\\d+\\)\n");
        String ended = awaitEvents("node1", rows -> rows.stream().allMatch(r -> !r.contains("|DOWN*|")
                || !r.contains("|Unknown|")));
        assertThat(ended).containsPattern("\\|node1\\|" + TIME + "\\|" + TIME + "\\|DOWN\\*\\|Not responding\\|");
    }

    private static String events(String node) throws Exception {
        return cluster().ok("sacctmgr", "-P", "-n", "show", "event", "nodes=" + node);
    }

    private static String awaitEvents(String node, Predicate<List<String>> done) throws Exception {
        return awaitEvents(node, done, Cluster.patience());
    }

    /** The node's events once they satisfy {@code done}: accounting reaches slurmdbd in batches. */
    private static String awaitEvents(String node, Predicate<List<String>> done, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String out = events(node);
        while (!done.test(out.lines().toList())) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("events of " + node + " not as wanted within " + timeout.toSeconds()
                        + " s:\n" + out + "--- slurmctld.log ---\n" + cluster().logTail("slurmctld.log", 40));
            }
            Thread.sleep(500);
            out = events(node);
        }
        return out;
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -%s %d", name, pid).isZero();
    }
}
