package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.slurmctld.job.GresRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cores and GPU indices given back to jobs after a controller restart, from the job table's summaries. */
class RecoveredCoresTest {

    @TempDir
    Path dir;
    RecoveredCores cores;

    @BeforeEach
    void nodes() throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, """
                ClusterName=test
                SlurmctldHost=localhost
                GresTypes=gpu
                NodeName=n1 CPUs=8 Sockets=1 CoresPerSocket=4 ThreadsPerCore=2 RealMemory=16000 Gres=gpu:2
                PartitionName=p Nodes=n1 State=UP
                """);
        Files.writeString(dir.resolve("gres.conf"), "Name=gpu File=/dev/null\nName=gpu File=/dev/zero\n");
        SlurmConfig slurm = ConfLoader.fromFileSystem().load(conf).slurm();
        cores = new RecoveredCores(name -> slurm.nodes().stream().filter(n -> n.name().equals(name)).findFirst());
    }

    private static io.jslurm.slurmctld.job.Allocation summary(int cpus, int gpus) {
        return new io.jslurm.slurmctld.job.Allocation("n1", 1, cpus, 1000,
                gpus == 0 ? List.of() : List.of(new GresRequest("gpu", "", gpus, GresRequest.Per.NODE)));
    }

    private static CoreSet coresOf(Optional<Allocation> allocation) {
        return allocation.orElseThrow().nodes().get(0).cores();
    }

    @Test
    void jobsThatFitSideBySideGetDifferentCoresAndGpus() {
        Optional<Allocation> first = cores.assign(summary(4, 1), true);
        Optional<Allocation> second = cores.assign(summary(4, 1), true);

        assertThat(coresOf(first)).isEqualTo(CoreSet.of(0, 1));
        assertThat(coresOf(second)).isEqualTo(CoreSet.of(2, 3));
        assertThat(first.orElseThrow().nodes().get(0).gpus()).containsExactly(0);
        assertThat(second.orElseThrow().nodes().get(0).gpus()).containsExactly(1);
    }

    @Test
    void jobsThatSharedTheNodesCoresShareThemAgainNeverBeyondTheNode() {
        Optional<Allocation> first = cores.assign(summary(8, 0), true);
        Optional<Allocation> second = cores.assign(summary(8, 0), true);
        Optional<Allocation> half = cores.assign(summary(4, 0), true);

        assertThat(coresOf(first)).isEqualTo(CoreSet.of(0, 1, 2, 3));
        assertThat(coresOf(second)).as("the node has 4 cores").isEqualTo(CoreSet.of(0, 1, 2, 3));
        assertThat(coresOf(half)).as("the least used cores, lowest first").isEqualTo(CoreSet.of(0, 1));
    }

    @Test
    void aJobHoldingOnlyMemoryLeavesItsCoresToTheNextJob() {
        Optional<Allocation> suspended = cores.assign(summary(4, 0), false);
        Optional<Allocation> running = cores.assign(summary(4, 0), true);

        assertThat(coresOf(suspended)).isEqualTo(CoreSet.of(0, 1));
        assertThat(coresOf(running)).isEqualTo(CoreSet.of(0, 1));
        assertThat(cores.assign(new io.jslurm.slurmctld.job.Allocation("gone", 1, 4, 0, List.of()), true))
                .as("a node no longer configured").isEmpty();
    }
}
