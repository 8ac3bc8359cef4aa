package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The packaged distribution: its launchers find a JDK, run the right program, and fail loudly when unbuilt. */
class DistributionIT {

    private final Distribution dist = Distribution.fromBuild();

    @Test
    void everySlurmCommandHasALauncher() {
        for (String command : List.of("slurm-local", "slurmctld", "slurmd", "slurmdbd", "sbatch", "srun", "salloc", "squeue",
                "sinfo", "sacct", "scancel", "scontrol", "sacctmgr", "sprio", "sshare", "sdiag",
                "sreport", "seff")) {
            assertThat(dist.bin(command)).isExecutable();
        }
    }

    @Test
    void scontrolShowHostnamesPrintsEachName() throws Exception {
        Distribution.Result result = dist.run("scontrol", "show", "hostnames", "gpu-node[01-04,07]");
        assertThat(result.stderr()).isEmpty();
        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo("gpu-node01\ngpu-node02\ngpu-node03\ngpu-node04\ngpu-node07\n");
    }

    @Test
    void scontrolShowHostlistCompresses() throws Exception {
        Distribution.Result result = dist.run("scontrol", "show", "hostlist", "rack1-n001,rack1-n002,rack2-n001");
        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo("rack1-n[001-002],rack2-n001\n");
    }

    @Test
    void launcherWorksThroughASymlink(@TempDir Path dir) throws Exception {
        Path link = dir.resolve("scontrol");
        Files.createSymbolicLink(link, dist.bin("scontrol"));
        Process process = new ProcessBuilder(link.toString(), "show", "hostnames", "n[1-2]").start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).isZero();
        assertThat(out).isEqualTo("n1\nn2\n");
    }

    @Test
    void slurmdDashCPrintsThisMachinesNodeLine() throws Exception {
        Distribution.Result result = dist.run("slurmd", "-C");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String[] lines = result.stdout().split("\n");
        assertThat(lines[0]).matches("NodeName=\\S+ CPUs=" + Runtime.getRuntime().availableProcessors()
                + " Boards=1 SocketsPerBoard=\\d+ CoresPerSocket=\\d+ ThreadsPerCore=\\d+ RealMemory=\\d+.*");
        assertThat(lines[lines.length - 1]).matches("UpTime=\\d+-\\d\\d:\\d\\d:\\d\\d");
    }

    @ParameterizedTest
    @ValueSource(strings = {"slurmctld", "slurmd", "slurmdbd"})
    void daemonsPrintTheSameVersionLine(String daemon) throws Exception {
        Distribution.Result result = dist.run(daemon, "-V");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).matches("jslurm \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sbatch", "squeue", "sinfo", "scancel", "srun", "salloc", "sacct", "sacctmgr",
            "sreport"})
    void commandsPrintTheSameVersionLine(String command) throws Exception {
        Distribution.Result result = dist.run(command, "--version");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).matches("jslurm \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n");
    }
}
