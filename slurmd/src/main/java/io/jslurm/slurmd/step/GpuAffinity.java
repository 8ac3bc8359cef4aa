package io.jslurm.slurmd.step;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.slurmd.hw.CpuTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * What {@code --gpu-bind=closest} reads on a node: the CPUs each GPU is close to (gres.conf {@code Cores=} or
 * NVML's affinity) and the node's sockets.
 *
 * <p>jslurm does not bind tasks to CPUs, so a task's CPUs are where Slurm's default distribution (block:cyclic)
 * would put it: a node's tasks are dealt over its sockets in turn. Only the sockets close to one of the step's GPUs
 * take part, so a job held on one socket keeps all its tasks there. A task then gets the step's GPUs close to its
 * socket.
 *
 * @param gpuCpus by GPU index, the CPU ids close to it; a GPU whose affinity is unknown is absent
 * @param sockets the CPU ids of each socket, in socket order
 */
public record GpuAffinity(Map<Integer, IdSet> gpuCpus, List<IdSet> sockets) {

    /** Nothing known: closest binds nothing, every task keeps all the step's GPUs. */
    public static final GpuAffinity UNKNOWN = new GpuAffinity(Map.of(), List.of());

    public GpuAffinity {
        gpuCpus = Map.copyOf(gpuCpus);
        sockets = List.copyOf(sockets);
    }

    public static GpuAffinity of(List<Gpu> gpus, CpuTopology topology) {
        Map<Integer, IdSet> near = new TreeMap<>();
        for (Gpu gpu : gpus) {
            if (!gpu.getCpuAffinity().isBlank()) {
                try {
                    near.put(gpu.getIndex(), IdSet.parse(gpu.getCpuAffinity()));
                } catch (IllegalArgumentException unreadable) {
                    // an affinity NVML or gres.conf could not state: this GPU is close to nothing in particular
                }
            }
        }
        List<IdSet> sockets = new ArrayList<>();
        for (int socket = 0; socket < topology.socketCount(); socket++) {
            sockets.add(topology.cpusOfSocket(socket));
        }
        return new GpuAffinity(near, sockets);
    }

    /**
     * @param stepGpus the node's indices of the step's GPUs here
     * @param localId  the task's place among the node's tasks of the step
     * @return positions within {@code stepGpus} of the GPUs close to the task's socket; empty when no step GPU's
     *         affinity is known
     */
    public Optional<List<Integer>> closest(List<Integer> stepGpus, int localId) {
        List<IdSet> near = sockets.stream().filter(socket -> stepGpus.stream()
                .anyMatch(gpu -> overlaps(gpu, socket))).toList();
        if (near.isEmpty()) {
            return Optional.empty();
        }
        IdSet socket = near.get(localId % near.size());
        return Optional.of(IntStream.range(0, stepGpus.size()).filter(p -> overlaps(stepGpus.get(p), socket))
                .boxed().toList());
    }

    private boolean overlaps(int gpu, IdSet cpus) {
        IdSet close = gpuCpus.get(gpu);
        return close != null && !close.intersection(cpus).isEmpty();
    }
}
