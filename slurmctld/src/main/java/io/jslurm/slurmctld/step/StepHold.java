package io.jslurm.slurmctld.step;

import java.util.List;
import java.util.TreeSet;

/**
 * What one step holds on one node against the job's other steps: a number of the job's CPUs there and some of its
 * GPUs (node indices, ascending).
 */
public record StepHold(int cpus, List<Integer> gpus) {
    public static final StepHold NONE = new StepHold(0, List.of());

    public StepHold {
        if (cpus < 0) {
            throw new IllegalArgumentException("cpus < 0: " + cpus);
        }
        gpus = List.copyOf(new TreeSet<>(gpus));
    }

    /** Both holds together (what two steps hold on the node). */
    public StepHold plus(StepHold other) {
        TreeSet<Integer> both = new TreeSet<>(gpus);
        both.addAll(other.gpus);
        return new StepHold(cpus + other.cpus, List.copyOf(both));
    }
}
