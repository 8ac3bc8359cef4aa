package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.time.TimeLimit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class JobEnvironmentTest {
    private static final NodeContext NODE = new NodeContext(Path.of("/etc/slurm/slurm.conf"), false);

    private static Map<String, String> env(Jobs jobs) {
        return JobEnvironment.of(jobs.build(), NODE, Optional.of("ml-team"));
    }

    @Test
    void identityOfTheJob() {
        Map<String, String> env = env(new Jobs());
        assertThat(env).containsEntry("SLURM_JOB_ID", "4242")
                .containsEntry("SLURM_JOBID", "4242")
                .containsEntry("SLURM_JOB_NAME", "train")
                .containsEntry("SLURM_JOB_USER", "alice")
                .containsEntry("SLURM_JOB_UID", "1000")
                .containsEntry("SLURM_JOB_GID", "1000")
                .containsEntry("SLURM_JOB_GROUP", "ml-team")
                .containsEntry("SLURM_JOB_PARTITION", "gpu")
                .containsEntry("SLURM_JOB_ACCOUNT", "ml")
                .containsEntry("SLURM_JOB_QOS", "normal")
                .containsEntry("SLURM_CLUSTER_NAME", "jslurm")
                .containsEntry("ENVIRONMENT", "BATCH")
                .containsEntry("SLURM_CONF", "/etc/slurm/slurm.conf");
    }

    @Test
    void noGroupVariableWhenTheGroupHasNoName() {
        assertThat(JobEnvironment.of(Jobs.plain(), NODE, Optional.empty())).doesNotContainKey("SLURM_JOB_GROUP")
                .containsEntry("SLURM_JOB_GID", "1000");
    }

    @Test
    void accountAndQosOnlyWhenTheJobHasThem() {
        Jobs jobs = new Jobs();
        jobs.account = "";
        jobs.qos = "";
        assertThat(env(jobs)).doesNotContainKeys("SLURM_JOB_ACCOUNT", "SLURM_JOB_QOS");
    }

    @Test
    void nodesOfAFourNodeJobSeenFromItsFirstNode() {
        Jobs jobs = new Jobs();
        jobs.nodes = "gpu-node[01-04]";
        jobs.tasksPerNode = List.of(2, 2, 2, 1);
        jobs.jobCpusPerNode = List.of(36, 26, 2, 2);
        jobs.cpusOnNode = 36;
        Map<String, String> env = env(jobs);
        assertThat(env).containsEntry("SLURM_JOB_NODELIST", "gpu-node[01-04]")
                .containsEntry("SLURM_NODELIST", "gpu-node[01-04]")
                .containsEntry("SLURM_JOB_NUM_NODES", "4")
                .containsEntry("SLURM_NNODES", "4")
                .containsEntry("SLURM_TASKS_PER_NODE", "2(x3),1")
                .containsEntry("SLURM_JOB_CPUS_PER_NODE", "36,26,2(x2)")
                .containsEntry("SLURM_CPUS_ON_NODE", "36")
                .containsEntry("SLURMD_NODENAME", "gpu-node01")
                .containsEntry("SLURM_NODEID", "0")
                .containsEntry("SLURM_TOPOLOGY_ADDR", "gpu-node01")
                .containsEntry("SLURM_TOPOLOGY_ADDR_PATTERN", "node");
    }

    @Test
    void theBatchScriptIsTaskZero() {
        assertThat(env(new Jobs())).containsEntry("SLURM_PROCID", "0")
                .containsEntry("SLURM_LOCALID", "0")
                .containsEntry("SLURM_GTIDS", "0")
                .doesNotContainKeys("SLURM_STEP_ID", "SLURM_STEPID", "SLURM_TASK_PID");
    }

    @Test
    void taskCountsOnlyWhenRequested() {
        assertThat(env(new Jobs())).doesNotContainKeys("SLURM_NTASKS", "SLURM_NPROCS", "SLURM_NTASKS_PER_NODE",
                "SLURM_CPUS_PER_TASK");
        Jobs jobs = new Jobs();
        jobs.ntasks = OptionalInt.of(8);
        jobs.ntasksPerNode = OptionalInt.of(8);
        jobs.cpusPerTask = OptionalInt.of(4);
        assertThat(env(jobs)).containsEntry("SLURM_NTASKS", "8")
                .containsEntry("SLURM_NPROCS", "8")
                .containsEntry("SLURM_NTASKS_PER_NODE", "8")
                .containsEntry("SLURM_CPUS_PER_TASK", "4");
    }

    @Test
    void memoryAsRequested() {
        assertThat(env(new Jobs())).doesNotContainKeys("SLURM_MEM_PER_NODE", "SLURM_MEM_PER_CPU");
        Jobs perNode = new Jobs();
        perNode.memPerNode = OptionalLong.of(2048);
        assertThat(env(perNode)).containsEntry("SLURM_MEM_PER_NODE", "2048").doesNotContainKey("SLURM_MEM_PER_CPU");
        Jobs perCpu = new Jobs();
        perCpu.memPerCpu = OptionalLong.of(30720);
        assertThat(env(perCpu)).containsEntry("SLURM_MEM_PER_CPU", "30720").doesNotContainKey("SLURM_MEM_PER_NODE");
    }

    @Test
    void gpusKeepTheirIndicesWithoutDeviceConfinement() {
        Jobs jobs = new Jobs();
        jobs.gpus = List.of(2, 3);
        Map<String, String> env = env(jobs);
        assertThat(env).containsEntry("SLURM_GPUS_ON_NODE", "2")
                .containsEntry("SLURM_JOB_GPUS", "2,3")
                .containsEntry("CUDA_VISIBLE_DEVICES", "2,3")
                .containsEntry("GPU_DEVICE_ORDINAL", "2,3")
                .doesNotContainKeys("SLURM_GPUS", "SLURM_GPUS_PER_NODE", "SLURM_GPUS_PER_TASK", "SLURM_CPUS_PER_GPU",
                        "SLURM_MEM_PER_GPU");
    }

    @Test
    void gpuOptionsAsSubmitted() {
        Jobs jobs = new Jobs();
        jobs.gpus = List.of(0, 1, 2, 3, 4, 5, 6, 7);
        jobs.gpuRequest = new GpuRequest(Optional.of("16"), Optional.of("a100:8"), OptionalInt.of(8),
                OptionalInt.of(4), OptionalLong.of(10240));
        assertThat(env(jobs)).containsEntry("SLURM_GPUS", "16")
                .containsEntry("SLURM_GPUS_PER_NODE", "a100:8")
                .containsEntry("SLURM_GPUS_PER_TASK", "8")
                .containsEntry("SLURM_CPUS_PER_GPU", "4")
                .containsEntry("SLURM_MEM_PER_GPU", "10240")
                .containsEntry("SLURM_GPUS_ON_NODE", "8");
    }

    @Test
    void confinedGpusAreNumberedFromZero() {
        Jobs jobs = new Jobs();
        jobs.gpus = List.of(2, 3);
        Map<String, String> env = JobEnvironment.of(jobs.build(), new NodeContext(Path.of("/etc/slurm/slurm.conf"), true),
                Optional.empty());
        assertThat(env).containsEntry("SLURM_JOB_GPUS", "2,3")
                .containsEntry("CUDA_VISIBLE_DEVICES", "0,1")
                .containsEntry("GPU_DEVICE_ORDINAL", "0,1");
    }

    @Test
    void noGpuVariablesWithoutGpus() {
        assertThat(env(new Jobs())).doesNotContainKeys("SLURM_GPUS_ON_NODE", "SLURM_JOB_GPUS",
                "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL", "SLURM_GPUS_PER_TASK");
    }

    @Test
    void submitSide() {
        Jobs jobs = new Jobs();
        jobs.workDir = Path.of("/scratch/alice");
        assertThat(env(jobs)).containsEntry("SLURM_SUBMIT_DIR", "/home/alice/project")
                .containsEntry("SLURM_SUBMIT_HOST", "login01");
    }

    @Test
    void arrayVariablesOnlyForArrayTasks() {
        assertThat(env(new Jobs())).doesNotContainKeys("SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID",
                "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP");
        Jobs jobs = new Jobs().arrayTask7();
        jobs.arrayTask = Optional.of(new ArrayTask(4200, 6, 4, 0, 15, 2));
        assertThat(env(jobs)).containsEntry("SLURM_ARRAY_JOB_ID", "4200")
                .containsEntry("SLURM_ARRAY_TASK_ID", "6")
                .containsEntry("SLURM_ARRAY_TASK_COUNT", "4")
                .containsEntry("SLURM_ARRAY_TASK_MIN", "0")
                .containsEntry("SLURM_ARRAY_TASK_MAX", "15")
                .containsEntry("SLURM_ARRAY_TASK_STEP", "2")
                .containsEntry("SLURM_JOB_ID", "4242");
    }

    @Test
    void restartCountOnceRequeued() {
        assertThat(env(new Jobs())).doesNotContainKey("SLURM_RESTART_COUNT");
        Jobs jobs = new Jobs();
        jobs.restartCount = 2;
        assertThat(env(jobs)).containsEntry("SLURM_RESTART_COUNT", "2");
    }

    @Test
    void startAndEndAreUnixSeconds() {
        Jobs jobs = new Jobs();
        jobs.timeLimit = TimeLimit.ofMinutes(90);
        long start = Jobs.START.getEpochSecond();
        assertThat(env(jobs)).containsEntry("SLURM_JOB_START_TIME", Long.toString(start))
                .containsEntry("SLURM_JOB_END_TIME", Long.toString(start + 5400));
        jobs.timeLimit = TimeLimit.UNLIMITED;
        assertThat(env(jobs)).containsEntry("SLURM_JOB_END_TIME", Long.toString(start + 365L * 24 * 3600));
    }

    @Test
    void submitEnvironmentIsKeptAndSlurmVariablesWin() {
        Jobs jobs = new Jobs();
        jobs.environment = Map.of("PATH", "/opt/conda/bin:/usr/bin", "SLURM_JOB_ID", "1", "OMP_NUM_THREADS", "4");
        Map<String, String> env = env(jobs);
        assertThat(env).containsEntry("PATH", "/opt/conda/bin:/usr/bin")
                .containsEntry("OMP_NUM_THREADS", "4")
                .containsEntry("SLURM_JOB_ID", "4242");
    }
}
