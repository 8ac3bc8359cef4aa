package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Advance reservations on a two-node cluster: root reserves node1 for one user; another user's job goes to node2
 * and may not name the reservation; the reserved user's --reservation job runs on node1; the reservation survives
 * a controller restart; a job whose time limit reaches into a future MAINT reservation waits with Slurm's reason
 * and runs once the reservations are deleted.
 */
class ReservationIT {
    private static final String RESERVED = "jslurmusr1";
    private static final String OTHER = "jslurmusr2";

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void users() throws Exception {
        TestUsers.ensure(RESERVED);
        TestUsers.ensure(OTHER);
    }

    private static long submitAs(String user, String... args) throws Exception {
        Distribution.Result submitted = TestUsers.runAs(cluster(), user, "sbatch", args);
        assertThat(submitted.exitCode()).as(submitted.stderr()).isZero();
        return Long.parseLong(submitted.stdout().replaceAll("\\D+", ""));
    }

    private static String nodeOf(long job) throws Exception {
        return cluster().ok("squeue", "-h", "-j", Long.toString(job), "-o", "%N").strip();
    }

    @Test
    void aReservedNodeServesOnlyItsUsersAndMaintenanceHoldsBackLongJobs() throws Exception {
        Distribution.Result refused = TestUsers.runAs(cluster(), OTHER, "scontrol", "create", "reservation",
                "StartTime=now", "Duration=60", "Nodes=node1", "Users=" + OTHER);
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).startsWith("Error creating the reservation: ");

        assertThat(cluster().ok("scontrol", "create", "res", "ReservationName=r1", "StartTime=now", "Duration=60",
                "Nodes=node1", "Users=" + RESERVED)).isEqualTo("Reservation created: r1\n");
        Distribution.Result unknownNode = cluster().run("scontrol", "create", "reservation", "StartTime=now",
                "Duration=60", "Nodes=node7", "Users=" + RESERVED);
        assertThat(unknownNode.exitCode()).isEqualTo(1);
        assertThat(unknownNode.stderr()).startsWith("Error creating the reservation: Invalid node name specified");

        cluster().stop("slurmctld");
        cluster().up(Cluster.patience());

        String shown = cluster().ok("scontrol", "show", "reservation");
        assertThat(shown).startsWith("ReservationName=r1 StartTime=").contains(" Duration=01:00:00\n",
                "   Nodes=node1 NodeCnt=1 ", " Flags=SPEC_NODES\n", "   Users=" + RESERVED + " Groups=(null) ",
                " State=ACTIVE ");
        String listed = cluster().ok("sinfo", "-T");
        assertThat(listed).startsWith("RESV_NAME  ").contains("r1  ", "  ACTIVE  ", "  01:00:00  node1\n");
        assertThat(cluster().ok("scontrol", "show", "node", "node1")).contains("State=IDLE+RESERVED ");
        assertThat(cluster().ok("sinfo", "-h", "-N", "-n", "node1", "-o", "%t")).isEqualTo("resv\n");

        long other = submitAs(OTHER, "-t", "10", "--wrap", "sleep 60");
        assertThat(cluster().awaitState(other, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
        assertThat(nodeOf(other)).isEqualTo("node2");

        Distribution.Result denied = TestUsers.runAs(cluster(), OTHER, "sbatch", "--reservation=r1", "--wrap",
                "true");
        assertThat(denied.exitCode()).isEqualTo(1);
        assertThat(denied.stderr()).contains("Access denied to requested reservation");
        Distribution.Result invalid = TestUsers.runAs(cluster(), RESERVED, "sbatch", "--reservation=nope", "--wrap",
                "true");
        assertThat(invalid.exitCode()).isEqualTo(1);
        assertThat(invalid.stderr()).contains("Requested reservation is invalid");

        long reserved = submitAs(RESERVED, "--reservation=r1", "-t", "10", "--wrap", "sleep 60");
        assertThat(cluster().awaitState(reserved, Cluster.patience(), "RUNNING")).isEqualTo("RUNNING");
        assertThat(nodeOf(reserved)).isEqualTo("node1");
        assertThat(cluster().ok("squeue", "-h", "-j", Long.toString(reserved), "-o", "%v")).isEqualTo("r1\n");
        assertThat(cluster().ok("scontrol", "show", "job", Long.toString(reserved))).contains("   Reservation=r1\n");
        cluster().ok("scancel", Long.toString(reserved), Long.toString(other));

        assertThat(cluster().ok("scontrol", "create", "reservation", "ReservationName=maint",
                "StartTime=now+10minutes", "Duration=30", "Nodes=ALL", "Users=root", "Flags=MAINT"))
                .isEqualTo("Reservation created: maint\n");
        long longJob = submitAs(OTHER, "-t", "20", "--wrap", "true");
        assertThat(cluster().awaitReason(Long.toString(longJob), "ReqNodeNotAvail, Reserved for maintenance",
                Cluster.patience())).isEqualTo("ReqNodeNotAvail, Reserved for maintenance");

        cluster().ok("scontrol", "update", "ReservationName=maint", "StartTime=now+1hour");
        assertThat(cluster().awaitState(longJob, Cluster.patience(), "COMPLETED")).isEqualTo("COMPLETED");

        cluster().ok("scontrol", "delete", "ReservationName=maint");
        cluster().ok("scontrol", "delete", "ReservationName=r1");
        assertThat(cluster().ok("scontrol", "show", "reservation")).isEqualTo("No reservations in the system\n");
        Distribution.Result gone = cluster().run("scontrol", "delete", "ReservationName=r1");
        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.stderr()).isEqualTo(
                "delete_reservation ReservationName=r1: Requested reservation is invalid\n");
        assertThat(cluster().ok("scontrol", "show", "node", "node1")).doesNotContain("RESERVED");
    }
}
