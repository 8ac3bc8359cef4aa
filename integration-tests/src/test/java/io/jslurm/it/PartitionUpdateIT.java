package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * scontrol update PartitionName=... on a running cluster: an ordinary user is refused, root's change holds new
 * jobs back at once and shows in scontrol and sinfo, and setting the partition up again lets them run.
 */
class PartitionUpdateIT {
    private static final String USER = "jslurmusr1";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void user() throws Exception {
        TestUsers.ensure(USER);
    }

    @Test
    void onlyAnAdministratorChangesAPartitionAndTheChangeTakesEffectAtOnce() throws Exception {
        String partition = cluster().ok("sinfo", "-h", "-o", "%R").strip();

        Distribution.Result refused = TestUsers.runAs(cluster(), USER, "scontrol", "update",
                "PartitionName=" + partition, "State=DOWN");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).isEqualTo("slurm_update error: Access/permission denied\n");
        assertThat(cluster().ok("sinfo", "-h", "-o", "%a")).isEqualTo("up\n");

        cluster().ok("scontrol", "update", "PartitionName=" + partition, "State=DOWN", "MaxTime=10");
        assertThat(cluster().ok("scontrol", "show", "partition", partition))
                .contains(" State=DOWN ", " MaxTime=00:10:00 ");
        assertThat(cluster().ok("sinfo", "-h", "-o", "%a %l")).isEqualTo("down 10:00\n");
        long job = cluster().submit("-t", "5", "--wrap", "true");
        assertThat(cluster().awaitReason(Long.toString(job), "PartitionDown", Cluster.patience()))
                .isEqualTo("PartitionDown");

        cluster().ok("scontrol", "update", "PartitionName=" + partition, "State=UP");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");
    }
}
