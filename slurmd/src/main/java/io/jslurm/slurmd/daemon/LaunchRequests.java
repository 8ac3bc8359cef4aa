package io.jslurm.slurmd.daemon;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.signal.Signal;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.proto.AllocatedNode;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.slurmd.launch.ArrayTask;
import io.jslurm.slurmd.launch.BatchLaunch;
import io.jslurm.slurmd.launch.JobUser;
import io.jslurm.slurmd.launch.NodeAllocation;
import io.jslurm.slurmd.launch.OpenMode;
import io.jslurm.slurmd.launch.StdioSpec;
import io.jslurm.slurmd.launch.GpuRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Turns the controller's {@link LaunchBatchJob} into the {@link BatchLaunch} the job runner takes.
 * A request that cannot be one (a relative work directory, this node missing from the job's nodes,
 * ...) is an {@link IllegalArgumentException} naming what is wrong.
 */
final class LaunchRequests {
    /** What the wire uses for an unlimited time limit. */
    static final long UNLIMITED_MINUTES = 4294967295L;

    private LaunchRequests() {
    }

    static BatchLaunch toBatchLaunch(LaunchBatchJob request, String nodeName, String clusterName, Instant now) {
        long jobId = Integer.toUnsignedLong(request.getJobId());
        Hostlist nodes = request.getNodeList().isEmpty() ? Hostlist.parse(nodeName) : Hostlist.parse(request.getNodeList());
        List<Integer> tasksPerNode = new ArrayList<>();
        List<Integer> cpusPerNode = new ArrayList<>();
        int cpusOnNode = request.getCpusOnNode();
        for (String host : nodes.hosts()) {
            Optional<AllocatedNode> given = request.getAllocatedNodesList().stream()
                    .filter(node -> node.getNodeName().equals(host)).findFirst();
            tasksPerNode.add(given.map(AllocatedNode::getTasks).filter(tasks -> tasks > 0).orElse(1));
            cpusPerNode.add(given.map(AllocatedNode::getCpus).filter(cpus -> cpus > 0)
                    .orElse(Math.max(1, cpusOnNode)));
            if (host.equals(nodeName) && cpusOnNode == 0) {
                cpusOnNode = cpusPerNode.get(cpusPerNode.size() - 1);
            }
        }
        NodeAllocation allocation = new NodeAllocation(nodes, nodeName,
                positive(request.getNtasks()),
                request.hasNtasksPerNode() ? OptionalInt.of(request.getNtasksPerNode()) : OptionalInt.empty(),
                tasksPerNode, positive(request.getCpusPerTask()), Math.max(1, cpusOnNode), cpusPerNode,
                request.getMemPerNodeRequested() && request.getMemLimitMb() > 0
                        ? OptionalLong.of(request.getMemLimitMb()) : OptionalLong.empty(),
                request.hasMemPerCpuMb() ? OptionalLong.of(request.getMemPerCpuMb()) : OptionalLong.empty(),
                request.getGpuIndicesList(), gpuRequest(request));
        Path workDir = Path.of(request.getWorkDir());
        return new BatchLaunch(jobId, arrayTask(request), request.getJobName(),
                new JobUser(request.getUserName(), request.getUid(), request.getGid()),
                request.getPartition(), request.getAccount(), request.getQos(), clusterName, allocation,
                request.getSubmitDir().isEmpty() ? workDir : Path.of(request.getSubmitDir()),
                request.getSubmitHost(), workDir,
                new StdioSpec(text(request.getStdIn()), text(request.getStdOut()), text(request.getStdErr()),
                        request.getOpenMode() == io.jslurm.protocol.proto.OpenMode.OPEN_MODE_APPEND
                                ? OpenMode.APPEND : OpenMode.TRUNCATE),
                timeLimit(Integer.toUnsignedLong(request.getTimeLimitMinutes())),
                request.getStartTime() > 0 ? Instant.ofEpochSecond(request.getStartTime()) : now,
                signal(request), request.getRestartCount(), request.getEnvironmentMap(),
                request.getScript().toString(StandardCharsets.UTF_8), request.getArgvList());
    }

    private static Optional<ArrayTask> arrayTask(LaunchBatchJob request) {
        if (!request.hasArrayTaskId()) {
            return Optional.empty();
        }
        int task = request.getArrayTaskId();
        long arrayJobId = request.getArrayJobId() != 0 ? Integer.toUnsignedLong(request.getArrayJobId())
                : Integer.toUnsignedLong(request.getJobId());
        if (!request.hasArrayBounds() || request.getArrayBounds().getCount() == 0) {
            return Optional.of(new ArrayTask(arrayJobId, task, 1, task, task, 1));
        }
        var bounds = request.getArrayBounds();
        return Optional.of(new ArrayTask(arrayJobId, task, bounds.getCount(), bounds.getMin(), bounds.getMax(),
                Math.max(1, bounds.getStep())));
    }

    private static Optional<SignalSpec> signal(LaunchBatchJob request) {
        if (!request.hasSignal() || request.getSignal().getSignal() == 0) {
            return Optional.empty();
        }
        var signal = request.getSignal();
        return Optional.of(new SignalSpec(new Signal(signal.getSignal()), signal.getSecondsBeforeEnd(),
                signal.getBatchShellOnly(), signal.getOnReservationEnd()));
    }

    private static GpuRequest gpuRequest(LaunchBatchJob request) {
        return new GpuRequest(text(request.getGpus()), text(request.getGpusPerNode()),
                request.hasGpusPerTask() ? OptionalInt.of(request.getGpusPerTask()) : OptionalInt.empty(),
                request.hasCpusPerGpu() ? OptionalInt.of(request.getCpusPerGpu()) : OptionalInt.empty(),
                request.hasMemPerGpuMb() ? OptionalLong.of(request.getMemPerGpuMb()) : OptionalLong.empty());
    }

    static TimeLimit timeLimit(long minutes) {
        return minutes == 0 || minutes == UNLIMITED_MINUTES ? TimeLimit.UNLIMITED : TimeLimit.ofMinutes(minutes);
    }

    private static OptionalInt positive(int value) {
        return value > 0 ? OptionalInt.of(value) : OptionalInt.empty();
    }

    private static Optional<String> text(String value) {
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }
}
