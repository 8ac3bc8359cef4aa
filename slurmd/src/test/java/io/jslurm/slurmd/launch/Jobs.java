package io.jslurm.slurmd.launch;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Batch launch requests for tests: a plain one-node job, changed one field at a time. */
final class Jobs {
    static final Instant START = Instant.parse("2026-11-30T01:00:00Z");

    long jobId = 4242;
    Optional<ArrayTask> arrayTask = Optional.empty();
    String jobName = "train";
    JobUser user = new JobUser("alice", 1000, 1000);
    String partition = "gpu";
    String account = "ml";
    String qos = "normal";
    String cluster = "jslurm";
    String nodes = "gpu-node01";
    String nodeName = "gpu-node01";
    OptionalInt ntasks = OptionalInt.empty();
    OptionalInt ntasksPerNode = OptionalInt.empty();
    List<Integer> tasksPerNode = List.of(1);
    OptionalInt cpusPerTask = OptionalInt.empty();
    int cpusOnNode = 1;
    List<Integer> jobCpusPerNode = List.of(1);
    OptionalLong memPerNode = OptionalLong.empty();
    OptionalLong memPerCpu = OptionalLong.empty();
    List<Integer> gpus = List.of();
    GpuRequest gpuRequest = GpuRequest.NONE;
    Path submitDir = Path.of("/home/alice/project");
    String submitHost = "login01";
    Path workDir = Path.of("/home/alice/project");
    StdioSpec stdio = StdioSpec.defaults();
    TimeLimit timeLimit = TimeLimit.ofMinutes(60);
    Instant startTime = START;
    Optional<SignalSpec> signal = Optional.empty();
    int restartCount = 0;
    Map<String, String> environment = Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/alice");
    String script = "#!/bin/sh\ntrue\n";
    List<String> argv = List.of();

    BatchLaunch build() {
        NodeAllocation allocation = new NodeAllocation(Hostlist.parse(nodes), nodeName, ntasks, ntasksPerNode,
                tasksPerNode, cpusPerTask, cpusOnNode, jobCpusPerNode, memPerNode, memPerCpu, gpus, gpuRequest);
        return new BatchLaunch(jobId, arrayTask, jobName, user, partition, account, qos, cluster, allocation,
                submitDir, submitHost, workDir, stdio, timeLimit, startTime, signal, restartCount, environment,
                script, argv);
    }

    /** A one-node bash script of {@code user} on node01, started now in {@code workDir}, with {@code environment}. */
    static Jobs bashOnNode01(long jobId, JobUser user, Path workDir, Map<String, String> environment, String script) {
        Jobs jobs = new Jobs();
        jobs.jobId = jobId;
        jobs.user = user;
        jobs.workDir = workDir;
        jobs.submitDir = workDir;
        jobs.nodes = "node01";
        jobs.nodeName = "node01";
        jobs.startTime = Instant.now();
        jobs.environment = environment;
        jobs.script = "#!/bin/bash\n" + script;
        return jobs;
    }

    static BatchLaunch plain() {
        return new Jobs().build();
    }

    /** Task 7 of array 4200 (indices 0-15 by 1), itself job 4242. */
    Jobs arrayTask7() {
        arrayTask = Optional.of(new ArrayTask(4200, 7, 16, 0, 15, 1));
        return this;
    }

    Jobs stdio(String input, String output, String error, OpenMode mode) {
        stdio = new StdioSpec(Optional.ofNullable(input), Optional.ofNullable(output), Optional.ofNullable(error), mode);
        return this;
    }
}
