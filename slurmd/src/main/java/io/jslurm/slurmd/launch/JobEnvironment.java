package io.jslurm.slurmd.launch;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The environment a batch script starts with: the submit environment the request carries, with
 * the variables Slurm sets for a batch job laid over it. Variables tied to an option
 * (SLURM_CPUS_PER_TASK for {@code -c}, SLURM_NTASKS for {@code -n}, SLURM_MEM_PER_CPU, ...) are set
 * only when the job asked for it, as Slurm does; array variables only for array tasks.
 *
 * <p>SLURM_TASK_PID is the one variable only known once the script's process exists; the job
 * wrapper adds it. The group name for SLURM_JOB_GROUP comes from the node's group database.
 */
public final class JobEnvironment {
    /** Slurm gives a job without a limit an end time a year after its start. */
    static final Duration UNLIMITED_END = Duration.ofDays(365);

    private JobEnvironment() {
    }

    public static Map<String, String> of(BatchLaunch job, NodeContext node, Optional<String> groupName) {
        Map<String, String> env = new LinkedHashMap<>(job.environment());
        NodeAllocation alloc = job.allocation();
        String jobId = Long.toString(job.jobId());
        env.put("SLURM_JOB_ID", jobId);
        env.put("SLURM_JOBID", jobId);
        env.put("SLURM_JOB_NAME", job.jobName());
        env.put("SLURM_JOB_USER", job.user().name());
        env.put("SLURM_JOB_UID", Integer.toString(job.user().uid()));
        env.put("SLURM_JOB_GID", Integer.toString(job.user().gid()));
        groupName.ifPresent(name -> env.put("SLURM_JOB_GROUP", name));
        env.put("SLURM_JOB_PARTITION", job.partition());
        if (!job.account().isEmpty()) {
            env.put("SLURM_JOB_ACCOUNT", job.account());
        }
        if (!job.qos().isEmpty()) {
            env.put("SLURM_JOB_QOS", job.qos());
        }
        env.put("SLURM_CLUSTER_NAME", job.clusterName());
        String nodes = alloc.nodeList().ranged();
        env.put("SLURM_JOB_NODELIST", nodes);
        env.put("SLURM_NODELIST", nodes);
        String numNodes = Integer.toString(alloc.numNodes());
        env.put("SLURM_JOB_NUM_NODES", numNodes);
        env.put("SLURM_NNODES", numNodes);
        alloc.ntasks().ifPresent(n -> {
            env.put("SLURM_NTASKS", Integer.toString(n));
            env.put("SLURM_NPROCS", Integer.toString(n));
        });
        alloc.ntasksPerNode().ifPresent(n -> env.put("SLURM_NTASKS_PER_NODE", Integer.toString(n)));
        env.put("SLURM_TASKS_PER_NODE", RepeatedCounts.format(alloc.tasksPerNode()));
        alloc.cpusPerTask().ifPresent(n -> env.put("SLURM_CPUS_PER_TASK", Integer.toString(n)));
        env.put("SLURM_CPUS_ON_NODE", Integer.toString(alloc.cpusOnNode()));
        env.put("SLURM_JOB_CPUS_PER_NODE", RepeatedCounts.format(alloc.jobCpusPerNode()));
        alloc.memPerNodeMib().ifPresent(mib -> env.put("SLURM_MEM_PER_NODE", Long.toString(mib)));
        alloc.memPerCpuMib().ifPresent(mib -> env.put("SLURM_MEM_PER_CPU", Long.toString(mib)));
        putGpus(env, alloc, node);
        env.put("SLURM_SUBMIT_DIR", job.submitDir().toString());
        env.put("SLURM_SUBMIT_HOST", job.submitHost());
        env.put("SLURMD_NODENAME", alloc.nodeName());
        // The batch script is task 0 of the batch step on its node.
        env.put("SLURM_NODEID", Integer.toString(alloc.nodeIndex()));
        env.put("SLURM_PROCID", "0");
        env.put("SLURM_LOCALID", "0");
        env.put("SLURM_GTIDS", "0");
        // Without a topology plugin a node's address is its own name.
        env.put("SLURM_TOPOLOGY_ADDR", alloc.nodeName());
        env.put("SLURM_TOPOLOGY_ADDR_PATTERN", "node");
        job.arrayTask().ifPresent(array -> putArray(env, array));
        if (job.restartCount() > 0) {
            env.put("SLURM_RESTART_COUNT", Integer.toString(job.restartCount()));
        }
        Instant end = job.endTime().orElse(job.startTime().plus(UNLIMITED_END));
        env.put("SLURM_JOB_START_TIME", Long.toString(job.startTime().getEpochSecond()));
        env.put("SLURM_JOB_END_TIME", Long.toString(end.getEpochSecond()));
        env.put("SLURM_CONF", node.slurmConf().toString());
        env.put("ENVIRONMENT", "BATCH");
        return env;
    }

    private static void putGpus(Map<String, String> env, NodeAllocation alloc, NodeContext node) {
        GpuRequest request = alloc.gpuRequest();
        request.gpus().ifPresent(gpus -> env.put("SLURM_GPUS", gpus));
        request.gpusPerNode().ifPresent(gpus -> env.put("SLURM_GPUS_PER_NODE", gpus));
        request.gpusPerTask().ifPresent(n -> env.put("SLURM_GPUS_PER_TASK", Integer.toString(n)));
        request.cpusPerGpu().ifPresent(n -> env.put("SLURM_CPUS_PER_GPU", Integer.toString(n)));
        request.memPerGpuMib().ifPresent(mib -> env.put("SLURM_MEM_PER_GPU", Long.toString(mib)));
        List<Integer> gpus = alloc.gpus();
        if (gpus.isEmpty()) {
            return;
        }
        env.put("SLURM_GPUS_ON_NODE", Integer.toString(gpus.size()));
        env.put("SLURM_JOB_GPUS", joined(gpus));
        List<Integer> visible = node.constrainDevices()
                ? IntStream.range(0, gpus.size()).boxed().toList()
                : new ArrayList<>(gpus);
        env.put("CUDA_VISIBLE_DEVICES", joined(visible));
        env.put("GPU_DEVICE_ORDINAL", joined(visible));
    }

    private static void putArray(Map<String, String> env, ArrayTask array) {
        env.put("SLURM_ARRAY_JOB_ID", Long.toString(array.arrayJobId()));
        env.put("SLURM_ARRAY_TASK_ID", Integer.toString(array.taskId()));
        env.put("SLURM_ARRAY_TASK_COUNT", Integer.toString(array.count()));
        env.put("SLURM_ARRAY_TASK_MIN", Integer.toString(array.min()));
        env.put("SLURM_ARRAY_TASK_MAX", Integer.toString(array.max()));
        env.put("SLURM_ARRAY_TASK_STEP", Integer.toString(array.step()));
    }

    private static String joined(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
