package io.jslurm.slurmctld.job;

import io.jslurm.common.time.TimeLimit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a job asks to be allocated. Counts of 0 mean "not requested": the partition's defaults apply.
 *
 * @param minNodes {@code --nodes} lower bound
 * @param maxNodes {@code --nodes} upper bound (equal to {@code minNodes} for {@code -N 4})
 * @param timeLimit {@code --time}; empty leaves it to the partition's DefaultTime
 * @param cpusPerGpu {@code --cpus-per-gpu}, 0 when not requested
 * @param contiguous {@code --contiguous}: the nodes must be neighbours in slurm.conf order
 */
public record ResourceRequest(
        int minNodes,
        int maxNodes,
        int ntasks,
        int ntasksPerNode,
        int cpusPerTask,
        MemoryRequest memory,
        List<GresRequest> gres,
        Optional<TimeLimit> timeLimit,
        Optional<TimeLimit> timeMin,
        int cpusPerGpu,
        boolean contiguous) {

    public static final ResourceRequest DEFAULT = new ResourceRequest(
            0, 0, 0, 0, 0, MemoryRequest.NONE, List.of(), Optional.empty(), Optional.empty());

    /** A request without --cpus-per-gpu and --contiguous. */
    public ResourceRequest(int minNodes, int maxNodes, int ntasks, int ntasksPerNode, int cpusPerTask,
            MemoryRequest memory, List<GresRequest> gres, Optional<TimeLimit> timeLimit, Optional<TimeLimit> timeMin) {
        this(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin, 0, false);
    }

    public ResourceRequest {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(timeLimit, "timeLimit");
        Objects.requireNonNull(timeMin, "timeMin");
        gres = List.copyOf(gres);
        requireNotNegative("nodes", minNodes);
        requireNotNegative("nodes", maxNodes);
        requireNotNegative("ntasks", ntasks);
        requireNotNegative("ntasks-per-node", ntasksPerNode);
        requireNotNegative("cpus-per-task", cpusPerTask);
        requireNotNegative("cpus-per-gpu", cpusPerGpu);
        if (maxNodes != 0 && maxNodes < minNodes) {
            throw new IllegalArgumentException("maximum node count " + maxNodes + " is below minimum " + minNodes);
        }
    }

    private static void requireNotNegative(String what, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " is negative: " + value);
        }
    }

    public ResourceRequest withNodes(int min, int max) {
        return new ResourceRequest(min, max, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                cpusPerGpu, contiguous);
    }

    public ResourceRequest withTasks(int ntasks, int ntasksPerNode, int cpusPerTask) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                cpusPerGpu, contiguous);
    }

    public ResourceRequest withMemory(MemoryRequest memory) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                cpusPerGpu, contiguous);
    }

    public ResourceRequest withGres(List<GresRequest> gres) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                cpusPerGpu, contiguous);
    }

    public ResourceRequest withTimeLimit(Optional<TimeLimit> timeLimit, Optional<TimeLimit> timeMin) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                cpusPerGpu, contiguous);
    }

    public ResourceRequest withGpuCoresAndContiguity(int newCpusPerGpu, boolean newContiguous) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin,
                newCpusPerGpu, newContiguous);
    }
}
