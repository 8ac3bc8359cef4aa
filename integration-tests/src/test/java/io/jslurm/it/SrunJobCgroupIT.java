package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A job without a batch script (srun alone, or salloc running srun) gets its job cgroup with its allocation's limits
 * as a batch job does (slurm-local's cgroup.conf has ConstrainCores, ConstrainRAMSpace and ConstrainDevices), with its
 * steps' cgroups below it; a task past the job's memory is OOM-killed and the step ends OUT_OF_MEMORY.
 *
 * <p>The task reads its own cgroup from {@code /proc/self/cgroup} and prints the limits of the job's cgroup, the
 * parent of its step's: v1's {@code memory.limit_in_bytes} and {@code cpuset.cpus} where the v1 controllers are
 * mounted (this host), v2's {@code memory.max} and {@code cpuset.cpus.effective} on a pure v2 host.
 */
class SrunJobCgroupIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static final String PRINT_LIMITS = """
            #!/bin/bash
            # Prints this task's step cgroup and its job cgroup's memory limit and CPUs, v1 or v2.
            v2=""
            while IFS=: read -r _ controllers path; do
              case ",$controllers," in
                *,memory,*) echo "step=$path"
                            echo "mem=$(cat "/sys/fs/cgroup/$controllers${path%/*}/memory.limit_in_bytes")";;
                *,cpuset,*) echo "cpus=$(cat "/sys/fs/cgroup/$controllers${path%/*}/cpuset.cpus")";;
                ,,) v2="$path";;
              esac
            done < /proc/self/cgroup
            if ! grep -q ':memory:' /proc/self/cgroup; then
              echo "step=$v2"
              echo "mem=$(cat "/sys/fs/cgroup${v2%/*}/memory.max")"
              echo "cpus=$(cat "/sys/fs/cgroup${v2%/*}/cpuset.cpus.effective")"
            fi
            echo "allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)"
            """;

    private static final Pattern JOB_ID = Pattern.compile("job_(\\d+)/step_0$");

    @BeforeAll
    static void writeScript() throws Exception {
        CLUSTER.get().script("print-limits.sh", PRINT_LIMITS).toFile().setExecutable(true, false);
    }

    private static Map<String, String> values(String stdout) {
        return Arrays.stream(stdout.split("\n")).filter(line -> line.contains("="))
                .collect(Collectors.toMap(line -> line.substring(0, line.indexOf('=')),
                        line -> line.substring(line.indexOf('=') + 1), (a, b) -> b));
    }

    /**
     * The job's cgroup limits as the task saw them: its step nests in the job's cgroup, which has the limits; then the
     * job completes.
     */
    private static void assertJobLimitsAndCompletion(Distribution.Result run, long memMib) throws Exception {
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<String, String> seen = values(run.stdout());
        assertThat(seen.get("step")).as(run.stdout()).matches(".*/jslurm_[^/]+/uid_\\d+/job_\\d+/step_0");
        assertThat(seen.get("mem")).as("the job cgroup's memory limit\n" + run.stdout())
                .isEqualTo(Long.toString(memMib << 20));
        // One task on a node of several CPUs: the job has one core, and the task may run on that core alone.
        assertThat(seen.get("cpus")).as("the job cgroup's CPUs\n" + run.stdout()).matches("\\d+")
                .isEqualTo(seen.get("allowed"));
        Matcher id = JOB_ID.matcher(seen.get("step"));
        assertThat(id.find()).isTrue();
        assertThat(CLUSTER.get().awaitState(Long.parseLong(id.group(1)), Cluster.patience(), "COMPLETED", "FAILED"))
                .isEqualTo("COMPLETED");
    }

    @Test
    void srunAloneMakesTheJobCgroupWithTheJobsLimits() throws Exception {
        assertJobLimitsAndCompletion(CLUSTER.get().run("srun", "--mem=200M", "-n1", "./print-limits.sh"), 200);
    }

    @Test
    void sallocsStepsNestInTheJobCgroupWithTheJobsLimits() throws Exception {
        assertJobLimitsAndCompletion(CLUSTER.get().run("salloc", "--mem=300M", "-n1", "srun", "--mem=100M",
                "./print-limits.sh"), 300);
    }

    @Test
    void aTaskPastTheJobsMemoryEndsOutOfMemory() throws Exception {
        Cluster cluster = CLUSTER.get();
        Distribution.Result run = cluster.run("srun", "--mem=100M", "-n1", "perl", "-e",
                "my $x = \"x\" x (300 * 1024 * 1024); print \"held \", length($x), \"\\n\"");

        assertThat(run.exitCode()).as(run.stderr()).isNotZero();
        assertThat(run.stdout()).doesNotContain("held");
        assertThat(run.stderr()).containsPattern("srun: error: \\S+: task 0: Out Of Memory");
        Matcher id = Pattern.compile("StepId=(\\d+)\\.0").matcher(run.stderr());
        assertThat(id.find()).as(run.stderr()).isTrue();
        long job = Long.parseLong(id.group(1));
        cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED", "OUT_OF_MEMORY", "CANCELLED");
        List<String> rows = cluster.awaitSacctRows(List.of(job), "JobID,State,ExitCode", 2);
        assertThat(rows).as(String.join("\n", rows)).containsExactlyInAnyOrder(
                job + "|OUT_OF_MEMORY|0:125",
                job + ".0|OUT_OF_MEMORY|0:125");
    }
}
