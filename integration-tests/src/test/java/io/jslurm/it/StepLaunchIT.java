package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Steps on a two-node cluster with four stand-in GPUs per node: PMI-2 ranks on both nodes exchanging values
 * (a client built against Slurm's own libpmi2, as an MPI library would use it), and a device-confined step
 * seeing its GPUs numbered from 0.
 */
class StepLaunchIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 4, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void pmi2RanksOnTwoNodesExchangeValuesThroughTheFence() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/usr/include/slurm/pmi2.h")), "needs libpmi2-0-dev");
        Path source = Path.of("../slurmd/src/test/resources/io/jslurm/slurmd/pmi/pmi2_ranks.c").toAbsolutePath();
        Path binary = cluster().workDir().resolve("pmi2_ranks");
        Process gcc = new ProcessBuilder("gcc", "-O1", "-o", binary.toString(), source.toString(), "-lpmi2")
                .redirectErrorStream(true).start();
        String gccOutput = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gcc.waitFor()).as(gccOutput).isZero();

        long job = cluster().submit("-N2", "--ntasks-per-node=2", "-o", "pmi-%j.out", "--wrap",
                "srun --mpi=pmi2 " + binary);
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(output("pmi-" + job))
                .isEqualTo("COMPLETED");
        List<String> lines = Files.readAllLines(cluster().workDir().resolve("pmi-" + job + ".out")).stream()
                .sorted().toList();
        String mapping = "mapping (vector,(0,2,2))";
        assertThat(lines).containsExactly(
                "rank 0 of 4 job " + job + ".0: peer 1 gave rank1@node1 then r2-10; " + mapping,
                "rank 1 of 4 job " + job + ".0: peer 2 gave rank2@node2 then r2-20; " + mapping,
                "rank 2 of 4 job " + job + ".0: peer 3 gave rank3@node2 then r2-30; " + mapping,
                "rank 3 of 4 job " + job + ".0: peer 0 gave rank0@node1 then r2-0; " + mapping);
    }

    @Test
    void unknownMpiTypeIsRefused() throws Exception {
        Distribution.Result result = cluster().run("srun", "--mpi=pmix", "-N1", "true");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr()).contains("srun: error: Couldn't load specified plugin name for mpi/pmix");
    }

    /**
     * A job holding node1's GPUs 2 and 3 (another job holds 0 and 1; node1 has 2 CPUs, so one task) runs a step
     * with both: the task sees them as 0 and 1, may open their devices and not the others'. The job has 1G: srun
     * inside it is a JVM.
     */
    @Test
    void deviceConfinedStepSeesItsGpusFromZero() throws Exception {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0, "needs root");
        long holder = cluster().submit("-w", "node1", "--gres=gpu:2", "--mem=32M", "--wrap", "sleep 300");
        cluster().awaitState(holder, Cluster.patience(), "RUNNING");
        Path dev = cluster().dir().resolve("dev");
        String probe = "echo task=$SLURM_PROCID cuda=$CUDA_VISIBLE_DEVICES step=$SLURM_STEP_GPUS "
                + "$(for f in " + dev + "/nvidia[0-3]; do printf '%s:%s ' ${f##*/} \"$( (exec 3<$f) 2>&1 | sed 's/.*: //;s/ /_/g')\"; done)";
        cluster().script("probe.sh", "#!/bin/sh\n" + probe + "\n");
        long job = cluster().submit("-w", "node1", "-n1", "--gres=gpu:2", "--mem=1G", "-o", "gpus-%j.out",
                "--wrap", "srun -n1 --gpus-per-task=2 sh " + cluster().workDir().resolve("probe.sh"));
        try {
            assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(output("gpus-" + job))
                    .isEqualTo("COMPLETED");
        } finally {
            cluster().run("scancel", Long.toString(holder));
        }
        List<String> lines = Files.readAllLines(cluster().workDir().resolve("gpus-" + job + ".out")).stream()
                .sorted().toList();
        String denied = "Operation_not_permitted";
        String mine = "No_such_device_or_address";
        assertThat(lines).containsExactly(
                "task=0 cuda=0,1 step=2,3 nvidia0:" + denied + " nvidia1:" + denied + " nvidia2:" + mine + " nvidia3:"
                        + mine);
    }

    private static String output(String name) {
        try {
            TimeUnit.MILLISECONDS.sleep(200);
            Path file = cluster().workDir().resolve(name + ".out");
            return Files.exists(file) ? Files.readString(file) : "(no " + file + ")";
        } catch (Exception e) {
            return e.toString();
        }
    }
}
