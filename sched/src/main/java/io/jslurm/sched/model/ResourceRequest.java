package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.util.OptionalInt;
import java.util.Set;

/**
 * What a job asks for, in typed numbers (the controller has parsed the options already).
 *
 * @param minNodes       -N minimum
 * @param maxNodes       -N maximum (equal to minNodes when one number was given)
 * @param ntasks         -n; the controller defaults it to one task per node
 * @param ntasksPerNode  --ntasks-per-node, when given: every node gets exactly this many tasks
 * @param cpusPerTask    -c
 * @param cpusPerGpu     --cpus-per-gpu, 0 when not given
 * @param requiredNodes  -w: every one of these nodes must be in the allocation
 * @param excludedNodes  -x
 * @param oversubscribe  -s/--oversubscribe: the job may share cores where the partition has OverSubscribe=YES
 */
public record ResourceRequest(
        int minNodes,
        int maxNodes,
        int ntasks,
        OptionalInt ntasksPerNode,
        int cpusPerTask,
        MemoryRequest memory,
        GpuRequest gpus,
        int cpusPerGpu,
        boolean exclusive,
        Set<String> requiredNodes,
        Set<String> excludedNodes,
        Constraint constraint,
        boolean contiguous,
        boolean oversubscribe) {

    public ResourceRequest {
        requireNonNull(ntasksPerNode, "ntasksPerNode is null");
        requireNonNull(memory, "memory is null");
        requireNonNull(gpus, "gpus is null");
        requiredNodes = Set.copyOf(requireNonNull(requiredNodes, "requiredNodes is null"));
        excludedNodes = Set.copyOf(requireNonNull(excludedNodes, "excludedNodes is null"));
        requireNonNull(constraint, "constraint is null");
        if (minNodes < 1 || maxNodes < minNodes) {
            throw new IllegalArgumentException("node count " + minNodes + "-" + maxNodes + " is invalid");
        }
        if (ntasks < 1 || cpusPerTask < 1 || cpusPerGpu < 0) {
            throw new IllegalArgumentException("ntasks and cpus-per-task must be at least 1");
        }
        if (ntasksPerNode.isPresent() && ntasksPerNode.getAsInt() < 1) {
            throw new IllegalArgumentException("ntasks-per-node must be at least 1");
        }
    }

    /** A request that does not ask to share cores. */
    public ResourceRequest(int minNodes, int maxNodes, int ntasks, OptionalInt ntasksPerNode, int cpusPerTask,
            MemoryRequest memory, GpuRequest gpus, int cpusPerGpu, boolean exclusive, Set<String> requiredNodes,
            Set<String> excludedNodes, Constraint constraint, boolean contiguous) {
        this(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gpus, cpusPerGpu, exclusive,
                requiredNodes, excludedNodes, constraint, contiguous, false);
    }

    /** One task on one node with one CPU: sbatch's defaults. */
    public static ResourceRequest single() {
        return new ResourceRequest(1, 1, 1, OptionalInt.empty(), 1, MemoryRequest.DEFAULT, GpuRequest.NONE, 0,
                false, Set.of(), Set.of(), Constraint.NONE, false);
    }
}
