package io.jslurm.slurmctld.step;

import java.util.List;
import java.util.TreeSet;

/**
 * What one step holds on one node against the job's other steps: a number of the job's CPUs there, some of its
 * GPUs (node indices, ascending) and MiB of its memory (0 for a step that asked for none: it may use all the job's
 * memory there but takes it from no other step).
 */
public record StepHold(int cpus, List<Integer> gpus, long memoryMib) {
    public static final StepHold NONE = new StepHold(0, List.of());

    public StepHold {
        if (cpus < 0 || memoryMib < 0) {
            throw new IllegalArgumentException("cpus or memory < 0: " + cpus + ", " + memoryMib);
        }
        gpus = List.copyOf(new TreeSet<>(gpus));
    }

    /** CPUs and GPUs only. */
    public StepHold(int cpus, List<Integer> gpus) {
        this(cpus, gpus, 0);
    }

    /** Both holds together (what two steps hold on the node). */
    public StepHold plus(StepHold other) {
        TreeSet<Integer> both = new TreeSet<>(gpus);
        both.addAll(other.gpus);
        return new StepHold(cpus + other.cpus, List.copyOf(both), memoryMib + other.memoryMib);
    }
}
