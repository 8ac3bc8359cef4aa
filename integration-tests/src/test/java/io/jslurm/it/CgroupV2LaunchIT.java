package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With {@code CgroupPlugin=cgroup/v2} (on a hybrid host its {@code /sys/fs/cgroup/unified}), a batch script and an
 * srun task are created in their cgroups by clone3 rather than moved there, so no launch waits for the kernel's RCU
 * grace period (docs/cgroups.md, "Launch latency and favordynmods"), and slurmd, which then moves no process, gives
 * no start-up warning about that wait.
 */
class CgroupV2LaunchIT {
    private static final String WARNING = "waits about 10-25 ms for an RCU grace period";
    private static final String STARTED = "started as node node1";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static long warningsBeforeV2;

    @BeforeAll
    static void restartSlurmdOnCgroupV2() throws Exception {
        boolean v2 = Files.exists(Path.of("/sys/fs/cgroup/unified/cgroup.procs"))
                || Files.exists(Path.of("/sys/fs/cgroup/cgroup.procs"));
        assumeTrue(v2, "no cgroup v2 hierarchy on this host");
        Cluster cluster = CLUSTER.get();
        warningsBeforeV2 = count(cluster, WARNING);
        long starts = count(cluster, STARTED);
        cluster.stop("slurmd-node1");
        Files.writeString(cluster.dir().resolve("etc/cgroup.conf"), "CgroupPlugin=cgroup/v2\n");
        cluster.up();
        // The controller still counts the node idle from before the stop, so "up" does not wait for the new
        // slurmd: its start line does (it is logged once it serves).
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (count(cluster, STARTED) == starts && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(count(cluster, STARTED)).as("slurmd started again").isGreaterThan(starts);
    }

    private static long count(Cluster cluster, String text) {
        return cluster.logTail("slurmd-node1.log", 100_000).lines().filter(line -> line.contains(text)).count();
    }

    @Test
    void theBatchScriptIsCreatedInItsCgroup() throws Exception {
        Cluster cluster = CLUSTER.get();
        // The script's first command reads its cgroup; then what the wrapper wrote of how the script got there.
        cluster.script("where.sh", """
                #!/bin/bash
                cat /proc/self/cgroup
                cat "%s/job$(printf %%05d "$SLURM_JOB_ID")/pid"
                """.formatted(cluster.dir().resolve("spool/node1")));
        long job = cluster.submit("where.sh");
        cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED", "CANCELLED");

        List<String> out = Files.readAllLines(cluster.workDir().resolve("slurm-" + job + ".out"));
        String all = String.join("\n", out);
        assertThat(out).as(all).anyMatch(line -> line.matches("0::(/.*)?/jslurm_node1/uid_\\d+/job_" + job + "/step_batch"));
        assertThat(out).as(all).anyMatch(line -> line.matches("\\d+ \\d+ clone3"));
        assertThat(cluster.state(Long.toString(job))).hasValue("COMPLETED");
    }

    @Test
    void anSrunTaskIsCreatedInItsStepsCgroupAndEndsAsItDid() throws Exception {
        Cluster cluster = CLUSTER.get();
        // A task created by clone3 has task_exec.pl, which stays as slurmd's handle, for its parent; a joined task
        // would be task_exec.pl itself after exec, its parent slurmd's JVM.
        Distribution.Result run = cluster.run("srun", "-n1", "bash", "-c",
                "cat /proc/self/cgroup; tr '\\0' ' ' < /proc/$PPID/cmdline; echo; exit 7");

        String out = run.stdout();
        assertThat(run.exitCode()).as(out + run.stderr()).isEqualTo(7);
        assertThat(out.lines()).as(out).anyMatch(line -> line.matches("0::(/.*)?/jslurm_node1/uid_\\d+/job_\\d+/step_0"));
        assertThat(out.lines()).as(out).anyMatch(line -> line.contains("task_exec.pl") && line.contains("--clone3"));
    }

    @Test
    void slurmdOnCgroupV2GivesNoWarningAboutTheWait() {
        assertThat(count(CLUSTER.get(), WARNING)).isEqualTo(warningsBeforeV2);
    }
}
