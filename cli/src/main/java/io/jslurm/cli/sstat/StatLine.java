package io.jslurm.cli.sstat;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.NodeStepStat;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepStatResponse;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * One sstat line: a running step's usage combined from what each of its nodes read from the step's cgroup there.
 * A node measures its tasks together, so each node counts as one measurement, reported under its lowest task id:
 * the Max and Min figures are a node's, the Ave figures the step's totals over its task count.
 *
 * @param jobId the step as sstat names it, e.g. {@code 42.0} or {@code 42.batch}
 */
record StatLine(String jobId, StepStatResponse answer) {

    StatLine {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(answer, "answer");
    }

    /** A measured quantity of a node's usage. */
    enum Measure {
        CPU(u -> u.getUserCpuMicros() + u.getSystemCpuMicros()),
        RSS(u -> u.getMaxRssKb() * 1024),
        VMSIZE(u -> u.getMaxVmsizeKb() * 1024),
        DISK_READ(ResourceUsage::getMaxDiskReadBytes),
        DISK_WRITE(ResourceUsage::getMaxDiskWriteBytes),
        NOTHING(u -> 0);

        private final ToLongFunction<ResourceUsage> of;

        Measure(ToLongFunction<ResourceUsage> of) {
            this.of = of;
        }

        long of(NodeStepStat node) {
            return of.applyAsLong(node.getUsage());
        }
    }

    List<NodeStepStat> nodes() {
        return answer.getNodesList();
    }

    int ntasks() {
        int answered = nodes().stream().mapToInt(NodeStepStat::getNtasks).sum();
        return Math.max(answer.getNtasks(), answered);
    }

    long total(Measure measure) {
        return nodes().stream().mapToLong(measure::of).sum();
    }

    long average(Measure measure) {
        return total(measure) / Math.max(1, ntasks());
    }

    /** The node with the largest value (the first of equals), empty when no node answered. */
    Optional<NodeStepStat> maxNode(Measure measure) {
        return nodes().stream().reduce((a, b) -> measure.of(b) > measure.of(a) ? b : a);
    }

    Optional<NodeStepStat> minNode(Measure measure) {
        return nodes().stream().min(Comparator.comparingLong(measure::of));
    }

    long max(Measure measure) {
        return maxNode(measure).map(measure::of).orElse(0L);
    }

    long min(Measure measure) {
        return minNode(measure).map(measure::of).orElse(0L);
    }

    String nodeList() {
        return Hostlist.of(nodes().stream().map(NodeStepStat::getNodeName).toList()).ranged();
    }

    String pids() {
        return nodes().stream().flatMap(n -> n.getPidsList().stream()).map(Integer::toUnsignedString)
                .collect(Collectors.joining(","));
    }
}
