package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Job and step records reach slurmdbd exactly once even when slurmdbd is away while the jobs run and the
 * controller is killed before it could send them.
 */
class StepAccountingIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void jobAndStepRecordsSurviveSlurmdbdAwayAndAControllerKill() throws Exception {
        cluster().stop("slurmdbd");
        List<Long> jobs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            jobs.add(cluster().submit("--job-name=steps", "--wrap", "srun true; srun sh -c 'exit 3'; exit 0"));
        }
        long cancelled = cluster().submit("--job-name=cancelme", "--wrap", "sleep 300");
        cluster().awaitState(cancelled, Cluster.patience(), "RUNNING");
        cluster().ok("scancel", Long.toString(cancelled));
        for (long job : jobs) {
            cluster().awaitState(job, Cluster.patience(), "COMPLETED");
        }
        cluster().awaitState(cancelled, Cluster.patience(), "CANCELLED");
        // Give slurmd's report of the cancelled batch script time to arrive before the controller dies.
        Thread.sleep(2000);
        cluster().kill9("slurmctld");
        cluster().up();

        List<Long> all = new ArrayList<>(jobs);
        all.add(cancelled);
        List<String> rows = cluster().awaitSacctRows(all, "JobID,JobName,State,ExitCode", jobs.size() * 4 + 2);

        for (long job : jobs) {
            assertThat(rows).containsOnlyOnce(job + "|steps|COMPLETED|0:0", job + ".batch|batch|COMPLETED|0:0",
                    job + ".0|true|COMPLETED|0:0", job + ".1|sh|FAILED|3:0");
        }
        assertThat(rows).filteredOn(row -> row.startsWith(cancelled + "|cancelme|CANCELLED by 0|")).hasSize(1);
        assertThat(rows).containsOnlyOnce(cancelled + ".batch|batch|CANCELLED|0:15");
        assertThat(rows).hasSize(jobs.size() * 4 + 2);
    }
}
