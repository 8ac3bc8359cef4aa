package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * One compute node in a snapshot: its configured shape and what is allocated on it right now.
 *
 * @param allocatedCores  cores held by running jobs
 * @param allocatedMemory MiB held by running jobs
 * @param gres            every generic resource device of the node
 * @param allocatedGres   indexes of the GPU devices held by running jobs
 * @param stateReason     the admin's reason for a non-UP state ("" when none)
 */
public record Node(
        String name,
        int sockets,
        int coresPerSocket,
        int threadsPerCore,
        long memoryMib,
        List<GresDevice> gres,
        Set<String> features,
        int weight,
        NodeState state,
        String stateReason,
        CoreSet allocatedCores,
        long allocatedMemory,
        Set<Integer> allocatedGres) {

    public Node {
        requireNonNull(name, "name is null");
        gres = List.copyOf(requireNonNull(gres, "gres is null"));
        features = Set.copyOf(requireNonNull(features, "features is null"));
        requireNonNull(state, "state is null");
        requireNonNull(stateReason, "stateReason is null");
        requireNonNull(allocatedCores, "allocatedCores is null");
        allocatedGres = Set.copyOf(requireNonNull(allocatedGres, "allocatedGres is null"));
        if (sockets < 1 || coresPerSocket < 1 || threadsPerCore < 1) {
            throw new IllegalArgumentException(name + ": sockets, cores and threads must be at least 1");
        }
        if (memoryMib < 0 || allocatedMemory < 0 || allocatedMemory > memoryMib) {
            throw new IllegalArgumentException(name + ": allocated memory " + allocatedMemory
                    + " MiB outside 0.." + memoryMib);
        }
        if (allocatedCores.stream().anyMatch(core -> core >= sockets * coresPerSocket)) {
            throw new IllegalArgumentException(name + ": allocated cores " + allocatedCores + " beyond "
                    + sockets * coresPerSocket + " cores");
        }
        gres = gres.stream().sorted(Comparator.comparing(GresDevice::name).thenComparingInt(GresDevice::index))
                .toList();
    }

    public int cores() {
        return sockets * coresPerSocket;
    }

    public int cpus() {
        return cores() * threadsPerCore;
    }

    public int socketOf(int core) {
        return core / coresPerSocket;
    }

    public List<GresDevice> gpus() {
        return gres.stream().filter(GresDevice::isGpu).toList();
    }

    public boolean idle() {
        return allocatedCores.isEmpty() && allocatedMemory == 0 && allocatedGres.isEmpty();
    }
}
