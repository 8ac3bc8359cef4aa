package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** seff and sreport read back what a job used, through slurmdbd's records and rollups. */
class ReportsIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void seffAndSreportShowABusyJob() throws Exception {
        // slurm-local's cluster is named local
        cluster().ok("sacctmgr", "-i", "add", "account", "science");
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=science");
        long job = cluster().submit("-A", "science", "--job-name=busy", "--wrap",
                "timeout 3 sh -c 'while :; do :; done'; exit 0");
        cluster().awaitState(job, Cluster.patience(), "COMPLETED");
        awaitBatchStep(job);

        String seff = cluster().ok("seff", Long.toString(job));
        assertThat(seff).startsWith("Job ID: " + job + "\n");
        assertThat(seff).contains("User/Group: root/root\n", "State: COMPLETED (exit code 0)\n");
        assertThat(seff).containsPattern("CPU Utilized: 00:00:0[1-9]\n");
        assertThat(seff).containsPattern("CPU Efficiency: \\d+\\.\\d\\d% of 00:00:\\d\\d core-walltime\n");
        assertThat(seff).containsPattern("Job Wall-clock time: 00:00:0[3-9]\n");

        String[] cpus = cluster().ok("sreport", "-n", "-P", "-t", "seconds", "cluster", "utilization",
                "start=now-2hours", "end=now+1hours").strip().split("\\|");
        assertThat(cpus).hasSize(7);
        long allocated = Long.parseLong(cpus[1]);
        long reported = Long.parseLong(cpus[6]);
        assertThat(allocated).isGreaterThanOrEqualTo(3);
        assertThat(allocated + Long.parseLong(cpus[2]) + Long.parseLong(cpus[3]) + Long.parseLong(cpus[4])
                + Long.parseLong(cpus[5])).isEqualTo(reported);

        String top = cluster().ok("sreport", "-n", "-P", "-t", "seconds", "user", "topusage", "start=now-2hours",
                "end=now+1hours");
        String[] root = Arrays.stream(top.split("\n")).filter(line -> line.contains("|root|")).findFirst()
                .orElseThrow(() -> new AssertionError("no root line in:\n" + top)).split("\\|");
        assertThat(root[0]).isEqualTo(cpus[0]);
        assertThat(root[3]).isEqualTo("science");
        assertThat(Long.parseLong(root[4])).isEqualTo(allocated);

        String banner = cluster().ok("sreport", "cluster", "utilization");
        assertThat(banner).contains("Cluster Utilization ", "Usage reported in CPU Minutes",
                "  Cluster Allocated      Down PLND Down      Idle   Planned  Reported ");
    }

    /** The job's batch step with slurmd's usage has reached slurmdbd. */
    private static void awaitBatchStep(long job) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            String out = cluster().ok("sacct", "-n", "-P", "-o", "JobID,State,TotalCPU", "-j", Long.toString(job));
            if (out.contains(job + ".batch|COMPLETED|") && out.contains(job + "|COMPLETED|")) {
                return;
            }
            Thread.sleep(1000);
        }
    }
}
