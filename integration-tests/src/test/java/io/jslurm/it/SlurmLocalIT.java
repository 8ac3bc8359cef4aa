package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.TestMethodOrder;

/** slurm-local: the quick start of the README, through a shell, on a one-node cluster without accounting. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SlurmLocalIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }


    @Test
    @Order(1)
    void evalOfUpSetsPathAndSlurmConfAndStartsNothingTwice() throws Exception {
        long controller = cluster().pid("slurmctld").orElseThrow();
        long node = cluster().pid("slurmd-node1").orElseThrow();
        Distribution.Result shell = Distribution.fromBuild().runArgv(cluster().workDir(), Map.of(), List.of("bash", "-c",
                "set -e; eval \"$(\"$0\" up --dir \"$1\")\"; echo \"conf=$SLURM_CONF\"; echo \"sbatch=$(command -v sbatch)\"",
                Distribution.fromBuild().bin("slurm-local").toString(), cluster().dir().toString()), 120);

        assertThat(shell.exitCode()).as(shell.stderr()).isZero();
        assertThat(shell.stdout()).contains("conf=" + cluster().dir().resolve("etc/slurm.conf"))
                .contains("sbatch=" + Distribution.fromBuild().bin("sbatch").toRealPath());
        assertThat(shell.stderr()).contains("slurmctld already running (pid " + controller + ")")
                .contains("slurmd-node1 already running (pid " + node + ")");
        assertThat(cluster().pid("slurmctld")).contains(controller);
    }

    @Test
    @Order(2)
    void statusNamesEachDaemonAndNode() throws Exception {
        Distribution.Result status = cluster().localCommand(List.of("status", "--dir", cluster().dir().toString()));

        assertThat(status.exitCode()).as(status.stderr()).isZero();
        assertThat(status.stdout()).containsPattern("slurmctld +running \\(pid \\d+\\)")
                .containsPattern("slurmd-node1 +running \\(pid \\d+\\)")
                .containsPattern("node1 +IDLE");
    }

    @Test
    @Order(3)
    void hostnameJobIsQueuedCompletesAndWritesItsOutputFile() throws Exception {
        long job = cluster().submit("--wrap", "sleep 2; hostname");
        String queue = cluster().ok("squeue", "-h", "-o", "%i %j %T");

        assertThat(queue).containsPattern(job + " wrap (PENDING|RUNNING)");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        Path out = cluster().workDir().resolve("slurm-" + job + ".out");
        assertThat(out).exists();
        assertThat(Files.readString(out).strip()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/hostname")).strip());
    }

    @Test
    @Order(4)
    void slurmConfNamesTheDirectoryForEveryFileAndTheKeyIsPrivate() throws Exception {
        String conf = Files.readString(cluster().dir().resolve("etc/slurm.conf"));

        assertThat(conf).contains("StateSaveLocation=" + cluster().dir().resolve("state"))
                .contains("SlurmdSpoolDir=" + cluster().dir().resolve("spool/%n"))
                .contains("PartitionName=debug Nodes=ALL Default=YES");
        assertThat(Files.getPosixFilePermissions(cluster().dir().resolve("etc/slurm.key")))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    @Order(5)
    void downStopsEveryDaemonAndUpStartsThemAgain() throws Exception {
        long controller = cluster().pid("slurmctld").orElseThrow();
        Distribution.Result down = cluster().localCommand(List.of("down", "--dir", cluster().dir().toString()));

        assertThat(down.exitCode()).as(down.stderr()).isZero();
        assertThat(down.stderr()).contains("stopped slurmd-node1").contains("stopped slurmctld (pid " + controller + ")");
        assertThat(ProcessHandle.of(controller).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
        Distribution.Result status = cluster().localCommand(List.of("status", "--dir", cluster().dir().toString()));
        assertThat(status.exitCode()).isEqualTo(3);
        assertThat(status.stdout()).containsPattern("slurmctld +stopped");

        cluster().up();
        assertThat(cluster().pid("slurmctld")).isPresent().isNotEqualTo(java.util.Optional.of(controller));
        long job = cluster().submit("--wrap", "true");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
    }
}
