package io.jslurm.slurmd.step;

import io.jslurm.common.gres.GpuBind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The GPUs one task of a step gets on its node under a {@link GpuBind}, as positions within the node's step GPUs.
 * Ids in {@code map_gpu}/{@code mask_gpu} are those positions when the step's devices are confined (CUDA then
 * numbers the step's GPUs from 0) and the node's GPU indices otherwise, as in Slurm.
 *
 * @param positions which of the step's GPUs, in the step's order
 * @param warning   set when the binding named none of the step's GPUs and the task got the first one instead
 */
record TaskGpus(List<Integer> positions, Optional<String> warning) {

    TaskGpus {
        positions = List.copyOf(positions);
    }

    /**
     * @param stepGpus   the node's indices of the step's GPUs on this node
     * @param localId    the task's place among the node's tasks
     * @param stepTasks  the step's task count over all nodes: one task alone is never bound
     */
    static TaskGpus select(List<Integer> stepGpus, boolean confined, GpuBind bind, int localId, int stepTasks) {
        return select(stepGpus, confined, bind, localId, stepTasks, GpuAffinity.UNKNOWN);
    }

    /** @param affinity where the node's GPUs sit, for {@code closest} */
    static TaskGpus select(List<Integer> stepGpus, boolean confined, GpuBind bind, int localId, int stepTasks,
                           GpuAffinity affinity) {
        List<Integer> all = IntStream.range(0, stepGpus.size()).boxed().toList();
        if (stepGpus.isEmpty() || stepTasks <= 1) {
            return new TaskGpus(all, Optional.empty());
        }
        Set<Integer> chosen = new LinkedHashSet<>();
        GpuBind.Policy policy = bind.policy();
        if (policy instanceof GpuBind.PerTask perTask) {
            // Dealt in order and wrapped round when the node's tasks need more than the step holds.
            for (int k = 0; k < Math.min(perTask.count(), stepGpus.size()); k++) {
                chosen.add((int) (((long) localId * perTask.count() + k) % stepGpus.size()));
            }
        } else if (policy instanceof GpuBind.MapGpu map) {
            position(stepGpus, confined, map.ids().get(localId % map.ids().size())).ifPresent(chosen::add);
        } else if (policy instanceof GpuBind.MaskGpu mask) {
            long bits = mask.masks().get(localId % mask.masks().size());
            for (int id = 0; id < Long.SIZE; id++) {
                if ((bits & (1L << id)) != 0) {
                    position(stepGpus, confined, id).ifPresent(chosen::add);
                }
            }
        } else if (policy instanceof GpuBind.Closest) {
            // Unknown affinities make every GPU of the step as close as any other.
            return new TaskGpus(affinity.closest(stepGpus, localId).filter(near -> !near.isEmpty()).orElse(all),
                    Optional.empty());
        } else {
            return new TaskGpus(all, Optional.empty());
        }
        if (chosen.isEmpty()) {
            return new TaskGpus(List.of(0), Optional.of("Bind request " + bind + " does not specify any devices"
                    + " within the allocation for task " + localId + ". Binding to the first device in the"
                    + " allocation instead."));
        }
        List<Integer> sorted = new ArrayList<>(chosen);
        sorted.sort(null);
        return new TaskGpus(sorted, Optional.empty());
    }

    private static Optional<Integer> position(List<Integer> stepGpus, boolean confined, int id) {
        if (confined) {
            return id < stepGpus.size() ? Optional.of(id) : Optional.empty();
        }
        int at = stepGpus.indexOf(id);
        return at < 0 ? Optional.empty() : Optional.of(at);
    }

    /** The node's indices of these GPUs (SLURM_STEP_GPUS). */
    List<Integer> global(List<Integer> stepGpus) {
        return positions.stream().map(stepGpus::get).toList();
    }

    /** What CUDA numbers them by (CUDA_VISIBLE_DEVICES): their positions when confined, else the node's indices. */
    List<Integer> visible(List<Integer> stepGpus, boolean confined) {
        return confined ? positions : global(stepGpus);
    }

    /** The line {@code --gpu-bind=verbose,...} writes to the task's stderr. */
    String verboseLine(List<Integer> stepGpus, boolean confined, int localId) {
        return "gpu-bind: usable_gres=" + mask(global(stepGpus)) + "; bit_alloc=" + mask(stepGpus)
                + "; local_inx=" + localId + "; global_list=" + joined(global(stepGpus))
                + "; local_list=" + joined(visible(stepGpus, confined));
    }

    private static String mask(List<Integer> indices) {
        java.math.BigInteger bits = java.math.BigInteger.ZERO;
        for (int index : indices) {
            bits = bits.setBit(index);
        }
        return "0x" + bits.toString(16);
    }

    static String joined(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
