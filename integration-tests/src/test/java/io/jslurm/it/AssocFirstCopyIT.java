package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With AccountingStorageEnforce=associations there is no moment in which the controller lets an unknown account
 * by: slurm-local up reports the cluster ready only once the controller holds the associations, and a controller
 * that starts before slurmdbd answers, with no saved copy, refuses jobs until its first copy comes (asking
 * slurmdbd again every quarter second, with one log line when it fails and one when it answers).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AssocFirstCopyIT {

    private static final String INVALID_ACCOUNT = "sbatch: error: Batch job submission failed: "
            + "Invalid account or account/partition combination specified\n";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true,
            List.of("AccountingStorageEnforce=associations")));

    @RegisterExtension
    final SubmittedJobs jobs = new SubmittedJobs(CLUSTER);

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    @Order(1)
    void theFirstSubmissionAfterUpIsAlreadyChecked() throws Exception {
        Distribution.Result unknown = cluster().run("sbatch", "-A", "nosuch", "--hold", "--wrap", "true");

        assertThat(unknown.stderr()).isEqualTo(INVALID_ACCOUNT);
        assertThat(unknown.exitCode()).isEqualTo(1);
    }

    @Test
    @Order(2)
    void aControllerStartedBeforeSlurmdbdWithNoSavedCopyIsReadyWithTheAssociationsWhenUpReturns() throws Exception {
        cluster().ok("sacctmgr", "-i", "add", "account", "physics");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=physics");
        cluster().stop("slurmctld");
        cluster().stop("slurmdbd");
        Files.deleteIfExists(cluster().dir().resolve("state/assoc_mgr_state"));
        Path log = cluster().dir().resolve("log/slurmctld.log");
        int linesBefore = Files.readAllLines(log).size();

        cluster().up();
        Distribution.Result unknown = cluster().run("sbatch", "-A", "nosuch", "--hold", "--wrap", "true");
        long physics = jobs.submit("-A", "physics", "--hold", "--wrap", "true");

        assertThat(unknown.stderr()).isEqualTo(INVALID_ACCOUNT);
        assertThat(cluster().ok("squeue", "-h", "-o", "%a", "-j", Long.toString(physics)).strip())
                .isEqualTo("physics");
        List<String> restarted = Files.readAllLines(log);
        restarted = restarted.subList(linesBefore, restarted.size());
        assertThat(restarted.stream().filter(line -> line.contains("First copy of the associations from slurmdbd")))
                .hasSize(1);
        assertThat(restarted.stream().filter(line -> line.contains("slurmdbd unreachable for associations")))
                .as("one line while slurmdbd starts, however often the controller asks").hasSizeLessThanOrEqualTo(1);
    }
}
