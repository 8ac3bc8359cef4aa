package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TRESBillingWeights end to end: a job of a partition with CPU=3,Mem=0.01 (per MB) weights that gets 1 CPU and
 * 100 MB is billed 4. scontrol show job shows billing=4 in its TRES, sacct in AllocTRES, and the association's
 * fair-share usage in sshare grows by 4 per second of the job's run time, not by its CPU count.
 */
class BillingIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true, List.of(
            "PriorityType=priority/multifactor", "PriorityWeightFairshare=10000",
            "PartitionName=billed Nodes=ALL Default=YES MaxTime=INFINITE State=UP TRESBillingWeights=CPU=3,Mem=0.01")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aJobIsBilledByThePartitionsWeightsInScontrolSacctAndFairShareUsage() throws Exception {
        Path conf = Path.of(cluster().environment().get("SLURM_CONF"));
        String clusterName = Files.readString(conf).lines().filter(l -> l.startsWith("ClusterName="))
                .map(l -> l.substring("ClusterName=".length()).strip()).findFirst().orElseThrow();
        cluster().run("sacctmgr", "-i", "add", "cluster", clusterName);
        cluster().ok("sacctmgr", "-i", "add", "account", "physics");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=physics");
        assertThat(cluster().ok("scontrol", "show", "partition", "billed"))
                .contains("TRESBillingWeights=CPU=3,Mem=0.01");

        long job = cluster().submit("-A", "physics", "-c", "1", "--mem=100M", "--output=/dev/null",
                "--wrap", "sleep 5");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(job)))
                .contains("TRES=cpu=1,mem=100M,node=1,billing=4");
        cluster().awaitState(job, Cluster.patience(), "COMPLETED");

        String sacct = awaitSacct(job);
        assertThat(sacct).contains("billing=4");
        long elapsed = Long.parseLong(cluster().ok("sacct", "-n", "-X", "-P", "-j", Long.toString(job), "-o",
                "ElapsedRaw").strip());
        assertThat(elapsed).isGreaterThanOrEqualTo(5);

        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        long usage = rawUsage().orElse(0L);
        while (usage < 4 * elapsed - 2 && System.nanoTime() < deadline) {
            Thread.sleep(1000);
            usage = rawUsage().orElse(0L);
        }
        assertThat(usage).as("billing-weighted seconds, %d s at billing 4", elapsed)
                .isBetween(4 * elapsed - 2, 4 * elapsed + 1);
    }

    /** root's RawUsage in physics, from sshare -a -P -n. */
    private static Optional<Long> rawUsage() throws Exception {
        return cluster().ok("sshare", "-a", "-P", "-n").lines().map(line -> Arrays.asList(line.split("\\|", -1)))
                .filter(f -> f.size() == 7 && f.get(0).strip().equals("physics") && f.get(1).equals("root"))
                .map(f -> Long.parseLong(f.get(4))).findFirst();
    }

    private static String awaitSacct(long job) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        String out = "";
        while (System.nanoTime() < deadline) {
            out = cluster().ok("sacct", "-n", "-X", "-P", "-j", Long.toString(job), "-o", "State,AllocTRES");
            if (out.startsWith("COMPLETED")) {
                return out;
            }
            Thread.sleep(500);
        }
        return out;
    }
}
