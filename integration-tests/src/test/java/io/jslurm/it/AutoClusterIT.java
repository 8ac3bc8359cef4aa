package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The controller adds its own cluster to slurmdbd, as Slurm's slurmctld does since 20.02: on a fresh cluster an
 * administrator adds an account and a user and submits, with AccountingStorageEnforce=associations, without ever
 * running {@code sacctmgr add cluster}; a script that still adds the cluster first gets Slurm's answer for a cluster
 * that is there and carries on. slurmdbd logs the addition once, however often the controller registers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AutoClusterIT {

    private static final String ADDED = "Added cluster local to the accounting database";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true,
            List.of("AccountingStorageEnforce=associations")));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    private static long addedLines() throws Exception {
        return Files.readAllLines(cluster().dir().resolve("log/slurmdbd.out")).stream()
                .filter(line -> line.contains(ADDED)).count();
    }

    @Test
    @Order(1)
    void aFreshClusterIsInTheDatabaseWithItsRootAssociations() throws Exception {
        String clusters = cluster().ok("sacctmgr", "-P", "-n", "show", "cluster", "format=cluster,controlport,rpc");
        String associations = cluster().ok("sacctmgr", "-P", "-n", "show", "association",
                "format=cluster,account,user");

        assertThat(clusters).matches("local\\|[1-9][0-9]*\\|9728\n");
        assertThat(associations).isEqualTo("local|root|\nlocal|root|root\n");
        assertThat(addedLines()).isEqualTo(1);
        // Slurm's fresh database lists user root, an Administrator whose default account is root.
        assertThat(cluster().ok("sacctmgr", "show", "user")).isEqualTo("""
                      User   Def Acct     Admin\s
                ---------- ---------- ---------\s
                      root       root Administ+\s
                """);
    }

    @Test
    @Order(2)
    void anAccountAndAUserGoInWithoutAddingTheClusterAndTheJobRuns() throws Exception {
        String account = cluster().ok("sacctmgr", "-i", "add", "account", "foo");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=foo");
        long job = jobs.submit("-A", "foo", "--wrap", "true");

        assertThat(account).contains(" Adding Account(s)", "  foo");
        assertThat(cluster().awaitState(job, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(cluster().ok("squeue", "-h", "-t", "all", "-o", "%a", "-j", Long.toString(job)).strip())
                .isEqualTo("foo");
    }

    @Test
    @Order(3)
    void theOldOrderGetsSlurmsAnswerForAClusterThatIsThereAndCarriesOn() throws Exception {
        Distribution.Result addCluster = cluster().run("sacctmgr", "-i", "add", "cluster", "local");
        cluster().ok("sacctmgr", "-i", "add", "account", "bar");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=bar");
        long job = jobs.submit("-A", "bar", "--wrap", "true");

        assertThat(addCluster.stdout()).isEqualTo(" This cluster local already exists.  Not adding.\n");
        assertThat(addCluster.exitCode()).isEqualTo(1);
        assertThat(cluster().awaitState(job, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
    }

    @Test
    @Order(4)
    void aRestartedControllerRegistersWithoutAddingTheClusterAgain() throws Exception {
        cluster().stop("slurmctld");
        cluster().up();
        long job = jobs.submit("-A", "foo", "--wrap", "true");

        assertThat(cluster().awaitState(job, Duration.ofSeconds(60), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(addedLines()).isEqualTo(1);
        assertThat(cluster().ok("sacctmgr", "-P", "-n", "show", "association", "where", "account=root",
                "format=cluster,account,user")).isEqualTo("local|root|\nlocal|root|root\n");
    }
}
