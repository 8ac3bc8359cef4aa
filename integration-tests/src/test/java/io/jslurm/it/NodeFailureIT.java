package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A node cut off from the controller: its slurmd is stopped with SIGSTOP, so heartbeats stop while the jobs it
 * started keep running. After SlurmdTimeout the node is DOWN, a job that allows requeue runs again elsewhere and
 * one that does not ends NODE_FAIL; when slurmd continues, the node re-registers, returns to service
 * (ReturnToService=2) and ends what it still runs of both jobs, so the requeued job never runs twice for long.
 */
class NodeFailureIT {

    /** Short, so a silent node is noticed within seconds; slurmd heartbeats every third of it. */
    private static final int SLURMD_TIMEOUT = 10;
    private static final Pattern NODE_LIST = Pattern.compile("\\bNodeList=(\\S+)");
    private static final Pattern RESTARTS = Pattern.compile("\\bRestarts=(\\d+)");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void shortSlurmdTimeout() throws Exception {
        Cluster cluster = cluster();
        Distribution.Result down = cluster.localCommand(List.of("down", "--dir", cluster.dir().toString()));
        assertThat(down.exitCode()).as(down.stderr()).isZero();
        Path conf = cluster.dir().resolve("etc/slurm.conf");
        String text = Files.readString(conf);
        assertThat(text).contains("SlurmdTimeout=30").contains("ReturnToService=2");
        Files.writeString(conf, text.replace("SlurmdTimeout=30", "SlurmdTimeout=" + SLURMD_TIMEOUT));
        cluster.up();
    }

    @Test
    void aCutOffNodeGoesDownItsJobsAreRequeuedOrNodeFailAndItsLeftoversDieWhenItReturns() throws Exception {
        Path work = cluster().workDir();
        long requeued = cluster().submit("--requeue", "--output=requeued_%j.out", "--wrap",
                "echo \"run ${SLURM_RESTART_COUNT:-0} on $SLURMD_NODENAME\"; echo $$ > pid_$SLURM_JOB_ID.${SLURM_RESTART_COUNT:-0};"
                        + " sleep 600");
        cluster().awaitState(requeued, Cluster.patience(), "RUNNING");
        String node = field(requeued, NODE_LIST).orElseThrow();
        long failed = cluster().submit("--no-requeue", "--nodelist=" + node, "--wrap",
                "echo $$ > pid_$SLURM_JOB_ID.${SLURM_RESTART_COUNT:-0}; sleep 600");
        cluster().awaitState(failed, Cluster.patience(), "RUNNING");
        long firstRun = awaitPid(work.resolve("pid_" + requeued + ".0"));
        long failedRun = awaitPid(work.resolve("pid_" + failed + ".0"));

        long slurmd = cluster().pid("slurmd-" + node).orElseThrow();
        signal("STOP", slurmd);
        try {
            await(Duration.ofSeconds(SLURMD_TIMEOUT).plus(Cluster.patience()), () -> nodeState(node).equals("down*"));
            assertThat(cluster().ok("scontrol", "show", "node", node)).contains("State=DOWN* ")
                    .contains("Reason=Not responding");
            assertThat(cluster().awaitState(failed, Cluster.patience(), "NODE_FAIL")).isEqualTo("NODE_FAIL");

            // Requeued: it waits out the requeue delay, then runs on the node that still answers.
            assertThat(cluster().awaitState(requeued, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
            assertThat(field(requeued, NODE_LIST)).isPresent().get().isNotEqualTo(node);
            assertThat(field(requeued, RESTARTS)).contains("1");
            awaitPid(work.resolve("pid_" + requeued + ".1"));
            // slurmd is stopped, not its jobs: the first run still runs on the cut-off node until it returns.
            assertThat(ProcessHandle.of(firstRun).map(ProcessHandle::isAlive)).contains(true);
        } finally {
            signal("CONT", slurmd);
        }

        await(Cluster.patience(), () -> nodeState(node).equals("idle"));
        await(Cluster.patience(), () -> !alive(firstRun) && !alive(failedRun));
        assertThat(cluster().state(Long.toString(requeued))).contains("RUNNING");
        assertThat(field(requeued, RESTARTS)).contains("1");
        String other = field(requeued, NODE_LIST).orElseThrow();
        // The requeued run appends to what the first wrote, as Slurm does for requeued jobs.
        assertThat(Files.readString(work.resolve("requeued_" + requeued + ".out")))
                .isEqualTo("run 0 on " + node + "\nrun 1 on " + other + "\n");
        assertThat(cluster().logTail("slurmctld.log", 200)).contains("Node " + node + " runs JobId=" + requeued
                + ", which is not running there; ending it");
        cluster().ok("scancel", Long.toString(requeued));
    }

    private static String nodeState(String node) {
        try {
            return cluster().ok("sinfo", "-h", "-N", "-n", node, "-o", "%t").strip();
        } catch (Exception e) {
            return "";
        }
    }

    private static Optional<String> field(long job, Pattern pattern) throws Exception {
        Matcher m = pattern.matcher(cluster().ok("scontrol", "show", "job", Long.toString(job)));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static long awaitPid(Path file) throws Exception {
        await(Cluster.patience(), () -> Files.isRegularFile(file) && readable(file));
        return Long.parseLong(Files.readString(file).strip());
    }

    private static boolean readable(Path file) {
        try {
            return Files.readString(file).strip().matches("\\d+");
        } catch (Exception e) {
            return false;
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -%s %d", name, pid).isZero();
    }

    private static void await(Duration timeout, BooleanSupplier condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout.toSeconds() + " s\n--- slurmctld.log ---\n"
                        + cluster().logTail("slurmctld.log", 40));
            }
            Thread.sleep(300);
        }
    }
}
