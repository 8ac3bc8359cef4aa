package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Accounting through slurmdbd and its embedded MariaDB, read back with sacct. */
class AccountingIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }


    @Test
    void sacctShowsACompletedJob() throws Exception {
        long job = cluster().submit("--job-name=acct-hostname", "--wrap", "hostname");
        cluster().awaitState(job, Cluster.patience(), "COMPLETED");

        String sacct = awaitSacct(List.of(job));

        assertThat(sacct).containsPattern(job + "\\|acct-hostname\\|debug\\|COMPLETED\\|0:0");
    }

    @Test
    void noRecordIsLostWhileSlurmdbdIsStopped() throws Exception {
        cluster().stop("slurmdbd");
        List<Long> jobs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            jobs.add(cluster().submit("--job-name=while-dbd-down", "--wrap", "true"));
        }
        for (long job : jobs) {
            cluster().awaitState(job, Cluster.patience(), "COMPLETED");
        }
        cluster().up();

        String sacct = awaitSacct(jobs);

        for (long job : jobs) {
            assertThat(sacct).containsPattern(job + "\\|while-dbd-down\\|debug\\|COMPLETED\\|0:0");
        }
    }

    /** sacct's parsable rows once every job has reached the database (the controller sends in batches). */
    private static String awaitSacct(List<Long> jobs) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        String out = "";
        while (System.nanoTime() < deadline) {
            out = cluster().ok("sacct", "-X", "-n", "-P", "-o", "JobID,JobName,Partition,State,ExitCode", "-j",
                    String.join(",", jobs.stream().map(String::valueOf).toList()));
            String seen = out;
            if (jobs.stream().allMatch(job -> seen.contains(job + "|"))) {
                return out;
            }
            Thread.sleep(1000);
        }
        return out;
    }
}
