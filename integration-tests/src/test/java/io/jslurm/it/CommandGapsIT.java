package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Command gaps across the daemons on a real two-node cluster: a node's features changed with scontrol update let a
 * --constraint job run there; srun and salloc --test-only give an estimate and queue nothing; squeue takes every
 * state name Slurm's does.
 */
class CommandGapsIT {

    private static final String ESTIMATE = "Job \\d+ to start at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d using 1 "
            + "processors on nodes \\S+ in partition \\S+\n";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    private static List<String> nodes() throws Exception {
        return cluster().ok("sinfo", "-h", "-N", "-o", "%N").lines().toList();
    }

    @Test
    void nodeFeaturesSetWithScontrolLetAConstraintJobRunThere() throws Exception {
        String node = nodes().get(1);
        Distribution.Result before = cluster().run("sbatch", "-C", "fastdisk", "-t", "1", "--wrap", "true");
        assertThat(before.exitCode()).as("no node has the feature yet").isEqualTo(1);

        cluster().ok("scontrol", "update", "NodeName=" + node, "Features=fastdisk", "Weight=5");

        assertThat(cluster().ok("scontrol", "show", "node", node)).contains("AvailableFeatures=fastdisk")
                .contains("ActiveFeatures=fastdisk").contains("Weight=5 ");
        assertThat(cluster().ok("sinfo", "-h", "-N", "-n", node, "-o", "%N %f %w")).isEqualTo(node + " fastdisk 5\n");
        long job = cluster().submit("-C", "fastdisk", "-t", "1", "--wrap", "hostname");
        cluster().awaitState(job, Cluster.patience(), "COMPLETED");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(job))).containsPattern("\\sNodeList=" + node + "\\s");

        cluster().ok("scontrol", "reconfigure");
        assertThat(cluster().ok("sinfo", "-h", "-N", "-n", node, "-o", "%f")).isEqualTo("(null)\n");
    }

    @Test
    void srunAndSallocTestOnlyEstimateAndQueueNothing() throws Exception {
        String queued = cluster().ok("squeue", "-h", "-t", "all", "-o", "%i");

        Distribution.Result srun = cluster().run("srun", "--test-only", "-n1", "-t", "5", "hostname");
        assertThat(srun.exitCode()).as(srun.stderr()).isZero();
        assertThat(srun.stdout()).isEmpty();
        assertThat(srun.stderr()).matches("srun: " + ESTIMATE);

        Distribution.Result salloc = cluster().run("salloc", "--test-only", "-n1", "-t", "5", "true");
        assertThat(salloc.exitCode()).as(salloc.stderr()).isZero();
        assertThat(salloc.stderr()).matches("salloc: " + ESTIMATE);

        Distribution.Result refused = cluster().run("srun", "--test-only", "-p", "nosuch", "true");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).isEqualTo("srun: error: allocation failure: Invalid partition name specified\n");

        assertThat(cluster().ok("squeue", "-h", "-t", "all", "-o", "%i")).isEqualTo(queued);
    }

    @Test
    void squeueTakesStatesNoJobHereCarries() throws Exception {
        assertThat(cluster().ok("squeue", "-h", "-t", "RH,rf,resv_del_hold,ST", "-o", "%i")).isEmpty();
    }
}
