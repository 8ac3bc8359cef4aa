package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * salloc and srun creating their allocation take sbatch's node selectors: {@code -x} keeps the job off a node,
 * {@code -C} (or {@code SALLOC_CONSTRAINT}) puts it on the node with the feature, where without them the job
 * would go to node1 first. Inside an allocation srun's {@code --exclusive} runs the step with dedicated CPUs, and
 * the selectors it cannot honour for a step are refused by name.
 */
class AllocationRequestOptionsIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static final Distribution DIST = Distribution.fromBuild();
    private static final String NODELIST = "echo nodes=$SLURM_JOB_NODELIST";

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    /** The generated NodeName line of node2 gets Features=big; reconfigure answers once it is in force. */
    @BeforeAll
    static void featureOnNode2() throws Exception {
        Path conf = cluster().dir().resolve("etc/slurm.conf");
        String lines = Files.readAllLines(conf).stream()
                .map(line -> line.startsWith("NodeName=node2 ") ? line + " Features=big" : line)
                .collect(Collectors.joining("\n", "", "\n"));
        assertThat(lines).contains("Features=big");
        Files.writeString(conf, lines);
        cluster().ok("scontrol", "reconfigure");
    }

    @Test
    void sallocExcludeLandsOnTheOtherNode() throws Exception {
        Distribution.Result plain = cluster().run("salloc", "-N1", "sh", "-c", NODELIST);
        assertThat(plain.stdout()).as(plain.stderr()).contains("nodes=node1");
        Distribution.Result excluded = cluster().run("salloc", "-x", "node1", "-N1", "sh", "-c", NODELIST);
        assertThat(excluded.exitCode()).as(excluded.stderr()).isZero();
        assertThat(excluded.stdout()).contains("nodes=node2");
    }

    @Test
    void srunConstraintAloneLandsOnTheFeaturedNode() throws Exception {
        Distribution.Result run = cluster().run("srun", "--constraint=big", "printenv", "SLURMD_NODENAME");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout().strip()).isEqualTo("node2");
    }

    @Test
    void sallocReadsItsConstraintVariable() throws Exception {
        Map<String, String> env = new HashMap<>(cluster().environment());
        env.put("SALLOC_CONSTRAINT", "big");
        Distribution.Result run = DIST.runArgv(cluster().workDir(), env,
                List.of(DIST.bin("salloc").toString(), "-N1", "sh", "-c", NODELIST), 60);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("nodes=node2");
    }

    @Test
    void insideAnAllocationExclusiveIsAStepOptionAndSelectorsAreRefused() throws Exception {
        Distribution.Result exclusive = cluster().run("salloc", "-N1", "-n2", "srun", "--exclusive", "-n1",
                "printenv", "SLURM_STEP_ID");
        assertThat(exclusive.exitCode()).as(exclusive.stderr()).isZero();
        assertThat(exclusive.stdout().strip()).isEqualTo("0");

        Distribution.Result refused = cluster().run("salloc", "-N2", "srun", "-x", "node1", "true");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).contains("srun: error: --exclude is not supported for a step inside an "
                + "existing allocation");

        Distribution.Result both = cluster().run("salloc", "-N1", "srun", "--exclusive", "--overlap", "true");
        assertThat(both.exitCode()).isEqualTo(1);
        assertThat(both.stderr()).contains("srun: error: --exclusive and --overlap are mutually exclusive");
    }
}
