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
        Path source = dir.resolve("pmi2_ranks.c");
        try (InputStream in = getClass().getResourceAsStream("pmi2_ranks.c")) {
            Files.copy(in, source);
        }
        Path binary = dir.resolve("pmi2_ranks");
        Process gcc = new ProcessBuilder("gcc", "-O1", "-o", binary.toString(), source.toString(), "-lpmi2")
                .redirectErrorStream(true).start();
        String output = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gcc.waitFor()).as("gcc: " + output).isZero();
        return binary;
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
        Path client = client();
        Hub hub = new Hub();
        List<List<Integer>> ranks = List.of(List.of(0, 1), List.of(2, 3));
        String mapping = ProcessMapping.of(ranks).orElseThrow();
        Pmi2Step node1 = new Pmi2Step("42.0", 4, 2, ProcessMapping.of(ranks), hub::arrive, () -> { }, threads);
        Pmi2Step node2 = new Pmi2Step("42.0", 4, 2, ProcessMapping.of(ranks), hub::arrive, () -> { }, threads);
        hub.nodes.add(node1);
        hub.nodes.add(node2);
        List<Process> processes = new ArrayList<>();
        for (int rank = 0; rank < 4; rank++) {
            Pmi2Step server = rank < 2 ? node1 : node2;
            List<String> command = new ArrayList<>(server.launchPrefix());
            command.add(client.toString());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            Map<String, String> env = new HashMap<>(server.taskEnvironment(rank));
            env.put("SLURMD_NODENAME", rank < 2 ? "n1" : "n2");
            env.put("PATH", "/usr/bin:/bin");
            builder.environment().clear();
            builder.environment().putAll(env);
            processes.add(builder.start());
        }
        List<String> lines = new ArrayList<>();
        for (Process process : processes) {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertThat(process.exitValue()).as(out).isZero();
            lines.add(out);
        }
        node1.close();
        node2.close();
        assertThat(mapping).isEqualTo("(vector,(0,2,2))");
        assertThat(lines).containsExactly(
                "rank 0 of 4 job 42.0: peer 1 gave rank1@n1 then r2-10; mapping (vector,(0,2,2))",
                "rank 1 of 4 job 42.0: peer 2 gave rank2@n2 then r2-20; mapping (vector,(0,2,2))",
                "rank 2 of 4 job 42.0: peer 3 gave rank3@n2 then r2-30; mapping (vector,(0,2,2))",
                "rank 3 of 4 job 42.0: peer 0 gave rank0@n1 then r2-0; mapping (vector,(0,2,2))");
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
