package io.jslurm.slurmd.pmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes' PMI-2 servers serving ranks of a client built against Slurm's own libpmi2; the fence between the
 * nodes goes through a hub that does what srun does (all nodes' pairs back to every node once all arrived).
 */
class Pmi2StepTest {

    @TempDir
    Path dir;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private Path client() throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.exists(Path.of("/usr/include/slurm/pmi2.h")),
                "needs libpmi2-0-dev (Slurm's PMI-2 client library)");
        return compile("pmi2_ranks.c", "gcc", "-lpmi2");
    }

    /** A test program from the resources, built with {@code compiler} (gcc, or mpicc for an MPI program). */
    private Path compile(String sourceName, String compiler, String... libraries)
            throws IOException, InterruptedException {
        Path source = dir.resolve(sourceName);
        try (InputStream in = getClass().getResourceAsStream(sourceName)) {
            Files.copy(in, source);
        }
        Path binary = dir.resolve(sourceName.replace(".c", ""));
        List<String> command = new ArrayList<>(List.of(compiler, "-O1", "-o", binary.toString(), source.toString()));
        command.addAll(List.of(libraries));
        Process gcc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gcc.waitFor()).as(compiler + ": " + output).isZero();
        return binary;
    }

    /**
     * Runs ranks 0 and 1 on a node n1 and 2 and 3 on n2, each node with its own PMI server, fences joined by a
     * {@link Hub} and names kept in one place as srun keeps them.
     *
     * @return each rank's output, in rank order
     */
    private List<String> runOnTwoNodes(Path binary) throws Exception {
        Hub hub = new Hub();
        PmiNames names = PmiNames.inMemory();
        List<List<Integer>> ranks = List.of(List.of(0, 1), List.of(2, 3));
        Pmi2Step node1 = new Pmi2Step("42.0", 4, 2, ProcessMapping.of(ranks), hub::arrive, () -> { }, threads, names);
        Pmi2Step node2 = new Pmi2Step("42.0", 4, 2, ProcessMapping.of(ranks), hub::arrive, () -> { }, threads, names);
        hub.nodes.add(node1);
        hub.nodes.add(node2);
        List<Process> processes = new ArrayList<>();
        for (int rank = 0; rank < 4; rank++) {
            Pmi2Step server = rank < 2 ? node1 : node2;
            List<String> command = new ArrayList<>(server.launchPrefix());
            command.add(binary.toString());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            Map<String, String> env = new HashMap<>(server.taskEnvironment(rank));
            env.put("SLURMD_NODENAME", rank < 2 ? "n1" : "n2");
            env.put("PATH", "/usr/bin:/bin");
            env.put("HOME", dir.toString());
            builder.environment().clear();
            builder.environment().putAll(env);
            processes.add(builder.start());
        }
        List<String> lines = new ArrayList<>();
        try {
            for (Process process : processes) {
                assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                assertThat(process.exitValue()).as(out).isZero();
                lines.add(out);
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
            node1.close();
            node2.close();
        }
        return lines;
    }

    /** srun's role: once every node sent its pairs, all of them go to every node. */
    private static final class Hub {
        private final List<Pmi2Step> nodes = new ArrayList<>();
        private final Map<String, String> pairs = new LinkedHashMap<>();
        private int arrived;

        synchronized void arrive(Map<String, String> nodePairs) {
            pairs.putAll(nodePairs);
            if (++arrived == nodes.size()) {
                Map<String, String> all = new LinkedHashMap<>(pairs);
                pairs.clear();
                arrived = 0;
                nodes.forEach(node -> threads().execute(() -> node.fenceDone(all)));
            }
        }

        private ExecutorService threads() {
            return FENCE_THREADS;
        }
    }

    private static final ExecutorService FENCE_THREADS = Executors.newCachedThreadPool();

    @Test
    void ranksOnTwoNodesExchangeValuesThroughTheFence() throws Exception {
        List<String> lines = runOnTwoNodes(client());
        assertThat(lines).containsExactly(
                "rank 0 of 4 job 42.0: peer 1 gave rank1@n1 then r2-10; mapping (vector,(0,2,2))",
                "rank 1 of 4 job 42.0: peer 2 gave rank2@n2 then r2-20; mapping (vector,(0,2,2))",
                "rank 2 of 4 job 42.0: peer 3 gave rank3@n2 then r2-30; mapping (vector,(0,2,2))",
                "rank 3 of 4 job 42.0: peer 0 gave rank0@n1 then r2-0; mapping (vector,(0,2,2))");
    }

    @Test
    void aNamePublishedOnOneNodeIsFoundOnTheOtherAndSpawnIsRefused() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/usr/include/slurm/pmi2.h")), "needs libpmi2-0-dev");
        List<String> lines = runOnTwoNodes(compile("pmi2_names.c", "gcc", "-lpmi2"));
        assertThat(lines).containsExactly(
                "rank 0 found tcp://n1:4242 (ok) then gone; spawn refused",
                "rank 1 found tcp://n1:4242 (ok) then gone; spawn -",
                "rank 2 found tcp://n1:4242 (ok) then gone; spawn -",
                "rank 3 found tcp://n1:4242 (ok) then gone; spawn -");
    }

    /**
     * A real MPI program (Debian's MPICH, whose own PMI client speaks PMI-1 over PMI_FD): MPI_Init's exchange of
     * addresses goes through the servers' fences, and an MPI_Allreduce across both nodes sums the ranks.
     */
    @Test
    void mpichProgramRunsOnTwoNodes() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpicc")), "needs mpich and libmpich-dev");
        List<String> lines = runOnTwoNodes(compile("mpi_hello.c", "mpicc"));
        assertThat(lines).containsExactly("mpi rank 0 of 4 on n1: sum 6", "mpi rank 1 of 4 on n1: sum 6",
                "mpi rank 2 of 4 on n2: sum 6", "mpi rank 3 of 4 on n2: sum 6");
    }

    /** PMI-1 lines as MPICH's client sends them, written by a shell on PMI_FD: one rank, so fences pass at once. */
    @Test
    void pmi1LinesAreAnswered() throws Exception {
        // One node: the fence is done as soon as the node's pairs would go to srun.
        java.util.concurrent.atomic.AtomicReference<Pmi2Step> self = new java.util.concurrent.atomic.AtomicReference<>();
        Pmi2Step step = new Pmi2Step("7.1", 1, 1, ProcessMapping.of(List.of(List.of(0))),
                pairs -> threads.execute(() -> self.get().fenceDone(pairs)), () -> { }, threads);
        self.set(step);
        String script = String.join("\n",
                "ask() { printf '%s\\n' \"$1\" >&3; IFS= read -r line <&3; echo \"$line\"; }",
                "ask 'cmd=init pmi_version=1 pmi_subversion=1'",
                "ask 'cmd=get_maxes'",
                "ask 'cmd=get_appnum'",
                "ask 'cmd=get_my_kvsname'",
                "ask 'cmd=get_universe_size'",
                "ask 'cmd=put kvsname=kvs_7.1 key=card-0 value=tcp://here:1'",
                "ask 'cmd=barrier_in'",
                "ask 'cmd=get kvsname=kvs_7.1 key=card-0'",
                "ask 'cmd=get kvsname=kvs_7.1 key=PMI_process_mapping'",
                "ask 'cmd=get kvsname=kvs_7.1 key=missing'",
                "ask 'cmd=publish_name service=svc port=p1'",
                "ask 'cmd=lookup_name service=svc'",
                "ask 'cmd=unpublish_name service=svc'",
                "ask 'cmd=lookup_name service=svc'",
                "printf 'mcmd=spawn\\nnprocs=1\\nexecname=/bin/true\\nendcmd\\n' >&3; IFS= read -r line <&3; echo \"$line\"",
                "ask 'cmd=finalize'");
        List<String> command = new ArrayList<>(step.launchPrefix());
        command.addAll(List.of("/bin/bash", "-c", script));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(step.taskEnvironment(0));
        Process process = builder.start();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .toList();
        step.close();
        assertThat(lines).containsExactly(
                "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0",
                "cmd=maxes rc=0 kvsname_max=256 keylen_max=64 vallen_max=1024",
                "cmd=appnum rc=0 appnum=0",
                "cmd=my_kvsname rc=0 kvsname=kvs_7.1",
                "cmd=universe_size rc=0 size=1",
                "cmd=put_result rc=0 msg=success",
                "cmd=barrier_out rc=0",
                "cmd=get_result rc=0 msg=success value=tcp://here:1",
                "cmd=get_result rc=0 msg=success value=(vector,(0,1,1))",
                "cmd=get_result rc=-1 msg=key_missing_not_found",
                "cmd=publish_result rc=0 info=ok",
                "cmd=lookup_result rc=0 info=ok port=p1",
                "cmd=unpublish_result rc=0 info=ok",
                "cmd=lookup_result rc=-1 msg=name_not_found",
                "cmd=spawn_result rc=-1 msg=spawning_processes_(MPI_Comm_spawn)_is_not_supported_by_jslurm",
                "cmd=finalize_ack rc=0");
    }

    /** PMI-2's abort (MPI_Abort) and PMI-1's both kill the step: slurmd's abort action runs. */
    @Test
    void abortKillsTheStep() throws Exception {
        for (String abort : List.of("printf '36    cmd=abort;isworldabort=TRUE;msg=bye;' >&3",
                "printf 'cmd=abort exitcode=3\\n' >&3")) {
            java.util.concurrent.CountDownLatch killed = new java.util.concurrent.CountDownLatch(1);
            Pmi2Step step = new Pmi2Step("9.0", 2, 1, java.util.Optional.empty(), pairs -> { }, killed::countDown,
                    threads);
            List<String> command = new ArrayList<>(step.launchPrefix());
            command.addAll(List.of("/bin/bash", "-c", "printf 'cmd=init pmi_version=2 pmi_subversion=0\\n' >&3; "
                    + "IFS= read -r line <&3; " + abort + "; sleep 1"));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(step.taskEnvironment(0));
            Process process = builder.start();
            assertThat(killed.await(10, TimeUnit.SECONDS)).as(abort).isTrue();
            process.waitFor(10, TimeUnit.SECONDS);
            step.close();
        }
    }

    @Test
    void aConnectionWithoutTheSecretIsRefused() throws Exception {
        Pmi2Step step = new Pmi2Step("1.0", 1, 1, java.util.Optional.empty(), pairs -> { }, () -> { }, threads);
        List<String> prefix = new ArrayList<>(step.launchPrefix());
        prefix.add("/bin/sh");
        prefix.add("-c");
        prefix.add("printf '000013cmd=fullinit;' >&3; cat <&3; echo done");
        ProcessBuilder builder = new ProcessBuilder(prefix).redirectErrorStream(true);
        builder.environment().putAll(step.taskEnvironment(0));
        builder.environment().put("SLURM_PMI2_TOKEN", "wrong");
        Process process = builder.start();
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("done\n");
        step.close();
    }
}
