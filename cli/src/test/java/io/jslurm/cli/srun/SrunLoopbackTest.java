package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.interactive.InteractiveAllocation;
import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.cli.salloc.Salloc;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.auth.StepCredentials;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.LaunchTasks;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.SignedStepLayout;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.protocol.wire.EnvelopeType;
import java.net.InetSocketAddress;
import java.time.InstantSource;
import io.jslurm.slurmctld.job.JobState;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** srun and salloc against a controller and two slurmd on loopback; tasks run as root in real cgroups. */
@Timeout(120)
class SrunLoopbackTest {

    @TempDir
    static Path dir;
    private static LoopbackCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0,
                "slurmd starts tasks with setpriv and cgroups, which needs root");
        cluster = LoopbackCluster.start(dir);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static LoopbackCluster.Run srun(String stdin, Map<String, String> env, String... args) {
        LoopbackCluster.Streams streams = new LoopbackCluster.Streams(cluster.environment(env));
        int status = new Srun(streams.environment, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                dir.toString()).run(Arrays.asList(args));
        return streams.result(status);
    }

    private static List<String> sortedLines(String text) {
        return text.lines().sorted().toList();
    }

    @Test
    void labelledTasksKnowTheirPlaceInTheStep() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N2", "-n4", "--label", "sh", "-c",
                "echo $SLURMD_NODENAME $SLURM_PROCID $SLURM_LOCALID $SLURM_NODEID $SLURM_STEP_NUM_TASKS"
                        + " $SLURM_STEP_TASKS_PER_NODE $SLURM_STEP_NODELIST $SLURM_NPROCS");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(sortedLines(run.out())).containsExactly(
                "0: n1 0 0 0 4 2(x2) n[1-2] 4",
                "1: n1 1 1 0 4 2(x2) n[1-2] 4",
                "2: n2 2 0 1 4 2(x2) n[1-2] 4",
                "3: n2 3 1 1 4 2(x2) n[1-2] 4");
        // The previous test's job may still hold the nodes for a moment: only progress messages may appear.
        assertThat(run.err()).doesNotContain("error");
    }

    @Test
    void cyclicDistributionDealsTasksOverTheNodes() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N2", "-n4", "-m", "cyclic", "-l", "sh", "-c",
                "echo $SLURMD_NODENAME");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(sortedLines(run.out())).as(run.err()).containsExactly("0: n1", "1: n2", "2: n1", "3: n2");
    }

    @Test
    void srunExitsWithTheWorstTasksStatus() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N2", "-n3", "sh", "-c", "exit $SLURM_PROCID");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("srun: error: n1: task 1: Exited with exit code 1")
                .contains("srun: error: n2: task 2: Exited with exit code 2");
        LoopbackCluster.Run killed = srun("", Map.of(), "-n1", "sh", "-c", "kill -9 $$");
        assertThat(killed.status()).isEqualTo(137);
    }

    @Test
    void stdinGoesToTaskZeroOnly() {
        LoopbackCluster.Run run = srun("first line\nsecond line\n", Map.of(), "-N2", "-n2", "-l", "cat");
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("0: first line\n0: second line\n");
        LoopbackCluster.Run none = srun("ignored\n", Map.of(), "-n1", "--input=none", "cat");
        assertThat(none.out()).isEmpty();
    }

    @Test
    void gpusPerTaskBindsEachTaskToItsOwnGpu() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N2", "-n4", "--gpus-per-task=1", "-l", "sh", "-c",
                "echo $CUDA_VISIBLE_DEVICES");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(sortedLines(run.out())).containsExactly("0: 0", "1: 1", "2: 0", "3: 1");
    }

    @Test
    void gpuBindNoneGivesEveryTaskAllTheStepsGpus() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N1", "-n2", "--gpus-per-task=1", "--gpu-bind=none", "-l",
                "sh", "-c", "echo $CUDA_VISIBLE_DEVICES $SLURM_STEP_GPUS");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(sortedLines(run.out())).containsExactly("0: 0,1 0,1", "1: 0,1 0,1");
    }

    @Test
    void gpuBindMapGpuGivesEachTaskTheNamedGpu() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N1", "-n2", "--gpus-per-task=1", "--gpu-bind=map_gpu:1,0",
                "-l", "sh", "-c", "echo $CUDA_VISIBLE_DEVICES $SLURM_STEP_GPUS $GPU_DEVICE_ORDINAL");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(sortedLines(run.out())).containsExactly("0: 1 1 1", "1: 0 0 0");
        LoopbackCluster.Run verbose = srun("", Map.of("SLURM_GPU_BIND", "verbose,per_task:1"), "-N1", "-n2",
                "--gpus-per-task=1", "-l", "true");
        assertThat(verbose.status()).as(verbose.err()).isZero();
        assertThat(verbose.err()).contains("1: gpu-bind: usable_gres=0x2; bit_alloc=0x3; local_inx=1;"
                + " global_list=1; local_list=1");
    }

    @Test
    void unreadableGpuBindIsRefusedBeforeAnyJob() {
        LoopbackCluster.Run run = srun("", Map.of(), "-n1", "--gpu-bind=map_gpu:x", "true");
        assertThat(run.status()).isEqualTo(255);
        assertThat(run.err()).contains("srun: error: Invalid --gpu-bind argument: gpu:map_gpu:x");
    }

    @Test
    void memoryAndWholeOptionsAreCheckedBeforeAnyJob() {
        LoopbackCluster.Run unreadable = srun("", Map.of(), "-n1", "--mem-per-cpu=lots", "true");
        assertThat(unreadable.status()).isEqualTo(255);
        assertThat(unreadable.err()).isEqualTo("srun: error: Invalid --mem-per-cpu specification\n");
        LoopbackCluster.Run both = srun("", Map.of(), "-n1", "--mem=1G", "--mem-per-cpu=1G", "true");
        assertThat(both.status()).isEqualTo(1);
        assertThat(both.err()).isEqualTo("srun: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually "
                + "exclusive.\n");
        LoopbackCluster.Run shape = srun("", Map.of(), "-n1", "--exact", "--whole", "true");
        assertThat(shape.status()).isEqualTo(1);
        assertThat(shape.err()).isEqualTo("srun: error: --exact and --whole are mutually exclusive.\n");
    }

    @Test
    void outputPatternsWriteOneFilePerTask() throws Exception {
        String pattern = dir.resolve("out-%j.%s-%t.txt").toString();
        LoopbackCluster.Run run = srun("", Map.of(), "-n2", "-o", pattern, "sh", "-c", "echo task $SLURM_PROCID");
        assertThat(run.status()).isZero();
        try (var files = Files.list(dir)) {
            List<Path> written = files.filter(p -> p.getFileName().toString().startsWith("out-")).sorted().toList();
            assertThat(written).hasSize(2);
            assertThat(Files.readString(written.get(1))).isEqualTo("task 1\n");
        }
    }

    @Test
    void stepIdsCountUpWithinAnAllocation() throws Exception {
        Map<String, String> env = cluster.environment(Map.of());
        try (Controller controller = Controllers.fromEnvironment(env).open()) {
            InteractiveAllocation allocation = new InteractiveAllocation("salloc", Controllers.fromEnvironment(env), controller,
                    System.err,
                    Duration.ofMillis(100));
            InteractiveOptions options = InteractiveOptions.parse(List.of("-N2", "true"), Map.of(), "SALLOC_");
            var granted = allocation.allocate(InteractiveAllocation.request(options, "steps", Map.of(),
                    dir.toString(), 0, 0, "root", LocalHost.name()), true);
            Map<String, String> job = Map.of("SLURM_JOB_ID", Long.toString(granted.jobId()));
            assertThat(srun("", job, "-n1", "sh", "-c", "echo $SLURM_STEP_ID $SLURM_JOB_ID").out())
                    .isEqualTo("0 " + granted.jobId() + "\n");
            assertThat(srun("", job, "-n1", "sh", "-c", "echo $SLURM_STEP_ID").out()).isEqualTo("1\n");
            assertThat(srun("", job, "-N2", "sh", "-c", "echo $SLURM_STEPID").out()).isEqualTo("2\n2\n");
            allocation.releaseWithStatus(granted, 0);
            assertThat(cluster.controller.store().get(granted.jobId()).orElseThrow().state())
                    .isEqualTo(JobState.COMPLETED);
        }
    }

    @Test
    void srunWithoutAnAllocationGetsOneAndGivesItBack() {
        LoopbackCluster.Run run = srun("", Map.of(), "-N1", "sh", "-c", "echo $SLURM_JOB_ID $SLURM_STEP_ID");
        assertThat(run.status()).as(run.err()).isZero();
        long jobId = Long.parseLong(run.out().split(" ")[0]);
        assertThat(run.out()).isEqualTo(jobId + " 0\n");
        assertThat(cluster.controller.store().get(jobId).orElseThrow().state()).isEqualTo(JobState.COMPLETED);
    }

    @Test
    void sallocRunsTheCommandWithTheJobsVariablesAndReleases() throws Exception {
        Path file = dir.resolve("salloc.txt");
        LoopbackCluster.Streams streams = new LoopbackCluster.Streams(cluster.environment(Map.of()));
        int status = new Salloc(streams.environment, dir.toString()).run(List.of("-N2", "sh", "-c",
                "echo $SLURM_JOB_ID $SLURM_JOB_NODELIST $SLURM_NNODES $SLURM_JOB_NUM_NODES > " + file + "; exit 3"));
        LoopbackCluster.Run run = streams.result(status);
        assertThat(run.status()).isEqualTo(3);
        String[] words = Files.readString(file).strip().split(" ");
        long jobId = Long.parseLong(words[0]);
        assertThat(words).containsExactly(Long.toString(jobId), "n[1-2]", "2", "2");
        assertThat(run.err()).endsWith("salloc: Granted job allocation " + jobId + "\n"
                + "salloc: Relinquishing job allocation " + jobId + "\n").doesNotContain("error");
        assertThat(cluster.controller.store().get(jobId).orElseThrow().state()).isEqualTo(JobState.FAILED);
    }

    @Test
    void testOnlyPrintsTheEstimateAndAllocatesNothing() throws Exception {
        int jobs = cluster.controller.store().query(job -> true).size();
        LoopbackCluster.Run srun = srun("", Map.of(), "--test-only", "-N2", "-n2", "-t", "5", "true");
        assertThat(srun.status()).as(srun.err()).isZero();
        assertThat(srun.out()).isEmpty();
        assertThat(srun.err()).matches("srun: Job \\d+ to start at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d "
                + "using 2 processors on nodes n\\[1-2\\] in partition debug\n");

        LoopbackCluster.Streams streams = new LoopbackCluster.Streams(cluster.environment(Map.of()));
        int status = new Salloc(streams.environment, dir.toString()).run(List.of("--test-only", "-n1", "true"));
        LoopbackCluster.Run salloc = streams.result(status);
        assertThat(salloc.status()).as(salloc.err()).isZero();
        assertThat(salloc.err()).matches("salloc: Job \\d+ to start at \\S+ using 1 processors on nodes n[12] "
                + "in partition debug\n");
        assertThat(cluster.controller.store().query(job -> true)).hasSize(jobs);
    }

    @Test
    void testOnlyForWhatNoNodeHoldsIsAnAllocationFailure() {
        LoopbackCluster.Streams streams = new LoopbackCluster.Streams(cluster.environment(Map.of()));
        int status = new Salloc(streams.environment, dir.toString()).run(List.of("--test-only", "-n", "9", "true"));
        LoopbackCluster.Run salloc = streams.result(status);
        assertThat(salloc.status()).isEqualTo(1);
        assertThat(salloc.err()).startsWith("salloc: error: allocation failure: ");
    }

    @Test
    void srunWaitsForResourcesAndSaysSo() throws Exception {
        Map<String, String> env = cluster.environment(Map.of());
        try (Controller controller = Controllers.fromEnvironment(env).open()) {
            InteractiveAllocation allocation = new InteractiveAllocation("salloc", Controllers.fromEnvironment(env),
                    controller, System.err, Duration.ofMillis(100));
            InteractiveOptions whole = InteractiveOptions.parse(List.of("-N2", "-n4", "true"), Map.of(), "SALLOC_");
            var held = allocation.allocate(InteractiveAllocation.request(whole, "hold", Map.of(), dir.toString(), 0,
                    0, "root", LocalHost.name()), true);
            LoopbackCluster.Run[] waiting = new LoopbackCluster.Run[1];
            Thread srun = new Thread(() -> waiting[0] = srun("", Map.of(), "-N1", "true"));
            srun.start();
            Thread.sleep(1500);
            assertThat(srun.isAlive()).isTrue();
            allocation.releaseWithStatus(held, 0);
            srun.join(60_000);
            assertThat(waiting[0].status()).as(waiting[0].err()).isZero();
            assertThat(waiting[0].err()).containsPattern("srun: job \\d+ queued and waiting for resources\n")
                    .containsPattern("srun: job \\d+ has been allocated resources\n");
        }
    }

    @Test
    void slurmdRefusesALayoutTheControllerDidNotSign() throws Exception {
        StepLayout layout = StepLayout.newBuilder().setJobId(999_999).setStepId(0).setNtasks(1)
                .setExpiresAtMs(System.currentTimeMillis() + 60_000)
                .addNodes(StepNode.newBuilder().setNodeName("n1").addTaskIds(0)).build();
        SignedStepLayout forged = new StepCredentials(SlurmKey.of(new byte[48])).sign(layout);
        int port = cluster.controller.nodes().get("n1").orElseThrow().slurmdPort(0);
        SlurmCredentialSigner root = new SlurmCredentialSigner(SlurmKey.load(dir.resolve("slurm.key")),
                InstantSource.system());
        try (RpcClient<NodeMessage> slurmd = RpcClient.connect(EnvelopeType.NODE,
                new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(10), root.sourceFor(0, 0, "test"))) {
            assertThatThrownBy(() -> slurmd.call(LaunchTasks.newBuilder().setCredential(forged).addArgv("true")
                    .setIoHost("127.0.0.1").setIoPort(1).build(), Ack.class))
                    .isInstanceOf(RpcException.class).hasMessageContaining("Invalid job credential");
        }
    }
}
