package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each srun step's memory is its own cgroup limit on the node (slurm-local's cgroup.conf has ConstrainRAMSpace=yes),
 * as in Slurm: in a 1G job, a {@code --mem=100M} step that holds 300M is OOM-killed and ends OUT_OF_MEMORY, while the
 * job's other steps (one of 100M using 20M, which perl briefly holds twice; one that asked for no memory of its own
 * and so may use the job's 1G) and the job itself go on and complete.
 */
class StepMemoryLimitIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    /** Perl holding a string of {@code mib} MiB (memory the memory cgroup counts), then printing its length. */
    private static String hog(int mib) {
        return "perl -e 'my $x = \"x\" x (" + mib + " * 1024 * 1024); print \"held \", length($x), \"\\n\"'";
    }

    @Test
    void aStepPastItsOwnMemoryIsOutOfMemoryWhileTheJobAndItsOtherStepsGoOn() throws Exception {
        Cluster cluster = CLUSTER.get();
        cluster.script("steps.sh", "#!/bin/bash\n"
                + "#SBATCH --mem=1G\n"
                + "srun --mem=100M " + hog(300) + "; echo \"hog-exit=$?\"\n"
                + "srun --mem=100M " + hog(20) + "; echo \"small-exit=$?\"\n"
                + "srun " + hog(200) + "; echo \"unasked-exit=$?\"\n"
                + "exit 0\n");
        long job = cluster.submit("--job-name=stepmem", "steps.sh");
        cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED", "OUT_OF_MEMORY", "CANCELLED");

        List<String> out = Files.readAllLines(cluster.workDir().resolve("slurm-" + job + ".out"));
        String all = String.join("\n", out);
        assertThat(out).as(all).contains(
                "slurmstepd: error: Detected 1 oom_kill event in StepId=" + job
                        + ".0. Some of the step tasks have been OOM Killed.",
                "hog-exit=137",
                "held " + (20L << 20), "small-exit=0",
                "held " + (200L << 20), "unasked-exit=0");
        assertThat(out).as(all).anyMatch(line -> line.matches("srun: error: \\S+: task 0: Out Of Memory"));
        assertThat(out).as(all).noneMatch(line -> line.equals("held " + (300L << 20)));
        assertThat(cluster.state(Long.toString(job))).hasValue("COMPLETED");

        List<String> rows = cluster.awaitSacctRows(List.of(job), "JobID,State,ExitCode", 5);
        assertThat(rows).as(String.join("\n", rows)).containsExactlyInAnyOrder(
                job + "|COMPLETED|0:0",
                job + ".batch|COMPLETED|0:0",
                job + ".0|OUT_OF_MEMORY|0:125",
                job + ".1|COMPLETED|0:0",
                job + ".2|COMPLETED|0:0");
    }
}
