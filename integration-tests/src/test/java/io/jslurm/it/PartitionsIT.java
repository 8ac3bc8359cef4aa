package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The seed article's partitions (seed 000): {@code train} is the default with a 72-hour limit,
 * {@code train-priority} allows seven days but only to the group ml-team. Node names are the local
 * cluster's; the partition lines are otherwise as the article writes them.
 */
class PartitionsIT {
    private static final String MEMBER = "jslurmml1";
    private static final String OUTSIDER = "jslurmusr2";
    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false, List.of(
            "PartitionName=train Nodes=node1 Default=YES MaxTime=72:00:00 State=UP",
            "PartitionName=train-priority Nodes=node2 MaxTime=7-00:00:00 AllowGroups=ml-team State=UP")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void users() throws Exception {
        TestUsers.ensureInGroup(MEMBER, "ml-team");
        TestUsers.ensure(OUTSIDER);
    }

    private static long submitAs(String user, String... args) throws Exception {
        Distribution.Result sbatch = TestUsers.runAs(cluster(), user, "sbatch", args);
        assertThat(sbatch.exitCode()).as(sbatch.stderr()).isZero();
        Matcher m = SUBMITTED.matcher(sbatch.stdout());
        assertThat(m.find()).as(sbatch.stdout()).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static String show(long job) throws Exception {
        return cluster().ok("scontrol", "show", "job", Long.toString(job));
    }

    @Test
    void aJobWithoutPartitionLandsInTheDefaultOne() throws Exception {
        long job = submitAs(OUTSIDER, "--wrap", "sleep 1");

        assertThat(show(job)).contains("Partition=train ");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(show(job)).contains("NodeList=node1");
    }

    @Test
    void aUserOutsideAllowGroupsIsRefusedAtSubmit() throws Exception {
        Distribution.Result refused = TestUsers.runAs(cluster(), OUTSIDER, "sbatch", "-p", "train-priority",
                "--wrap", "sleep 1");

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr().strip()).isEqualTo(
                "sbatch: error: Batch job submission failed: User's group not permitted to use this partition");
        assertThat(refused.stdout()).isEmpty();
    }

    @Test
    void aMemberOfTheGroupRunsInTheRestrictedPartition() throws Exception {
        long job = submitAs(MEMBER, "-p", "train-priority", "--time=6-00:00:00", "--wrap", "sleep 1");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
        assertThat(show(job)).contains("Partition=train-priority ").contains("NodeList=node2");
    }

    @Test
    void aJobOverThePartitionsMaxTimeStaysPendingWithPartitionTimeLimit() throws Exception {
        long job = submitAs(OUTSIDER, "--time=80:00:00", "--wrap", "sleep 1");

        // Give the scheduler passes to (not) start it; EnforcePartLimits=NO keeps it queued, as Slurm does.
        Thread.sleep(5_000);
        String shown = show(job);
        assertThat(shown).contains("JobState=PENDING").contains("Reason=PartitionTimeLimit")
                .contains("Partition=train ");
        cluster().ok("scancel", Long.toString(job));
    }
}
