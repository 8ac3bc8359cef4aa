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
        Optional<TimeLimit> timeMin) {

    public static final ResourceRequest DEFAULT = new ResourceRequest(
            0, 0, 0, 0, 0, MemoryRequest.NONE, List.of(), Optional.empty(), Optional.empty());

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
        return new ResourceRequest(min, max, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin);
    }

    public ResourceRequest withTasks(int ntasks, int ntasksPerNode, int cpusPerTask) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin);
    }

    public ResourceRequest withMemory(MemoryRequest memory) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin);
    }

    public ResourceRequest withGres(List<GresRequest> gres) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin);
    }

    public ResourceRequest withTimeLimit(Optional<TimeLimit> timeLimit, Optional<TimeLimit> timeMin) {
        return new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask, memory, gres, timeLimit, timeMin);
    }
}
