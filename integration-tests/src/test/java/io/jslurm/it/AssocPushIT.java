package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sacctmgr's changes are in force at the controller when sacctmgr returns, as in Slurm (slurmdbd pushes them to
 * the controller that registered): with AccountingStorageEnforce=associations,limits a script may add an account
 * and submit to it at once, or set MaxJobs and have it hold the next job; after the controller is restarted it
 * registers again and the pushes go on. No retries or waits for the controller's copy to catch up.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AssocPushIT {

    private static final String INVALID_ACCOUNT = "sbatch: error: Batch job submission failed: "
            + "Invalid account or account/partition combination specified\n";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true,
            List.of("AccountingStorageEnforce=associations,limits")));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    @Order(1)
    void anAccountAndUserAddedWithSacctmgrTakeASubmissionRightAway() throws Exception {
        Distribution.Result before = cluster().run("sbatch", "-A", "physics", "--hold", "--wrap", "true");
        assertThat(before.stderr()).isEqualTo(INVALID_ACCOUNT);

        cluster().ok("sacctmgr", "-i", "add", "account", "physics");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=physics");
        long job = jobs.submit("-A", "physics", "--hold", "--wrap", "true");

        assertThat(cluster().ok("squeue", "-h", "-o", "%a", "-j", Long.toString(job)).strip()).isEqualTo("physics");
    }

    @Test
    @Order(2)
    void maxJobsSetWithSacctmgrHoldsTheNextJobRightAwayAndLiftingItLetsItRun() throws Exception {
        cluster().ok("sacctmgr", "-i", "add", "account", "chemistry");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=chemistry");
        cluster().ok("sacctmgr", "-i", "modify", "user", "root", "set", "maxjobs=1");

        long first = jobs.submit("-A", "chemistry", "-n1", "--output=/dev/null", "--wrap", "sleep 300");
        long second = jobs.submit("-A", "chemistry", "-n1", "--output=/dev/null", "--wrap", "sleep 300");

        // Both fit on the node's two CPUs: only the limit keeps the second one waiting.
        assertThat(cluster().awaitState(first, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
        assertThat(cluster().awaitReason(Long.toString(second), "AssocMaxJobsLimit", Duration.ofSeconds(30)))
                .isEqualTo("AssocMaxJobsLimit");

        cluster().ok("sacctmgr", "-i", "modify", "user", "root", "set", "maxjobs=-1");
        assertThat(cluster().awaitState(second, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
    }

    @Test
    @Order(3)
    void afterAControllerRestartItRegistersAgainAndChangesStillArriveAtOnce() throws Exception {
        String port = Files.readString(Path.of(cluster().environment().get("SLURM_CONF"))).lines()
                .filter(line -> line.startsWith("SlurmctldPort=")).map(line -> line.substring("SlurmctldPort=".length()))
                .findFirst().orElseThrow().strip();
        assertThat(clusterRow()).isEqualTo("local|127.0.0.1|" + port + "\n");

        cluster().kill9("slurmctld");
        // slurmdbd cannot tell a dead controller; sacctmgr still answers, and the change waits for the next start.
        cluster().ok("sacctmgr", "-i", "add", "account", "biology");
        cluster().up();
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=biology");
        long biology = jobs.submit("-A", "biology", "--hold", "--wrap", "true");
        cluster().ok("sacctmgr", "-i", "add", "account", "geology");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=geology");
        long geology = jobs.submit("-A", "geology", "--hold", "--wrap", "true");

        assertThat(cluster().ok("squeue", "-h", "-o", "%i %a", "-j", biology + "," + geology))
                .contains(biology + " biology", geology + " geology");
        assertThat(clusterRow()).isEqualTo("local|127.0.0.1|" + port + "\n");
    }

    /** The controller's registration as sacctmgr shows it: cluster|ControlHost|ControlPort. */
    private static String clusterRow() throws Exception {
        return cluster().ok("sacctmgr", "-P", "-n", "show", "cluster", "local",
                "format=cluster,controlhost,controlport");
    }
}
