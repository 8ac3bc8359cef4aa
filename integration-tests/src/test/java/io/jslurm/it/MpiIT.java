package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code srun --mpi=pmi2} on two nodes with two tasks each: a real MPI program (Debian's MPICH, whose PMI client
 * speaks PMI-1 over PMI_FD), and PMI-2's name service and a cyclic layout's process mapping through clients built
 * against Slurm's own libpmi2.
 */
class MpiIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static final Path PROGRAMS = Path.of("../slurmd/src/test/resources/io/jslurm/slurmd/pmi").toAbsolutePath();

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void anMpichProgramRunsFourRanksOnTwoNodes() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpicc")), "needs mpich and libmpich-dev");
        Path hello = build("mpi_hello.c", "mpicc");

        List<String> lines = runJob("srun --mpi=pmi2 " + hello);

        assertThat(lines).containsExactly("mpi rank 0 of 4 on node1: sum 6", "mpi rank 1 of 4 on node1: sum 6",
                "mpi rank 2 of 4 on node2: sum 6", "mpi rank 3 of 4 on node2: sum 6");
    }

    @Test
    void aNamePublishedOnOneNodeIsFoundOnBothAndACyclicLayoutIsMapped() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/usr/include/slurm/pmi2.h")), "needs libpmi2-0-dev");
        Path names = build("pmi2_names.c", "gcc", "-lpmi2");
        Path ranks = build("pmi2_ranks.c", "gcc", "-lpmi2");

        List<String> lines = runJob("srun --mpi=pmi2 " + names + " && srun --mpi=pmi2 -m cyclic " + ranks
                + " | sed 's/job [0-9.]*:/job:/'");

        String cyclic = "mapping (vector,(0,2,1),(0,2,1))";
        assertThat(lines).containsExactly(
                "rank 0 found tcp://node1:4242 (ok) then gone; spawn refused",
                "rank 0 of 4 job: peer 1 gave rank1@node2 then r2-10; " + cyclic,
                "rank 1 found tcp://node1:4242 (ok) then gone; spawn -",
                "rank 1 of 4 job: peer 2 gave rank2@node1 then r2-20; " + cyclic,
                "rank 2 found tcp://node1:4242 (ok) then gone; spawn -",
                "rank 2 of 4 job: peer 3 gave rank3@node2 then r2-30; " + cyclic,
                "rank 3 found tcp://node1:4242 (ok) then gone; spawn -",
                "rank 3 of 4 job: peer 0 gave rank0@node1 then r2-0; " + cyclic);
    }

    /** Runs {@code command} as a batch job on both nodes, two tasks each; its output lines, sorted. */
    private static List<String> runJob(String command) throws Exception {
        long job = cluster().submit("-N2", "--ntasks-per-node=2", "-o", "mpi-%j.out", "--wrap", command);
        Path out = cluster().workDir().resolve("mpi-" + job + ".out");
        String state = cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED");
        String text = Files.exists(out) ? Files.readString(out) : "(no output)";
        assertThat(state).as(text).isEqualTo("COMPLETED");
        return text.lines().sorted().toList();
    }

    private static Path build(String source, String compiler, String... libraries) throws Exception {
        Path binary = cluster().workDir().resolve(source.replace(".c", ""));
        List<String> command = new ArrayList<>(List.of(compiler, "-O1", "-o", binary.toString(),
                PROGRAMS.resolve(source).toString()));
        command.addAll(List.of(libraries));
        Process build = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(build.waitFor()).as(output).isZero();
        return binary;
    }
}
