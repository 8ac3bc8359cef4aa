package io.jslurm.slurmctld.step;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a new step of a job holds on each of its nodes, given what the job holds there and what the job's running
 * steps hold, as Slurm 22.05 decides it: steps do not share the job's CPUs or GPUs unless one of them overlaps.
 *
 * <ul>
 *   <li>CPUs: a step needs its tasks times their CPUs on each node. With {@code --exact} (which {@code -c}
 *       implies) it holds just that; otherwise it holds every CPU of the job there that no other step holds.</li>
 *   <li>GPUs: as {@link StepGpus} counts them (all the job's GPUs on the node when none are asked for), and only
 *       free ones.</li>
 *   <li>A step that does not fit in what is free now is {@link Busy}: srun retries until it fits. A step that
 *       could never fit in the job is refused by {@link StepGpus} or {@link TaskLayout} before it gets here.</li>
 *   <li>{@code --overlap}: the step takes what it asks for whether or not other steps hold it (free GPUs first)
 *       and holds nothing against the others, so it neither waits nor makes any other step wait.</li>
 * </ul>
 * Pure: no clock, no locks; the caller serialises steps of one job.
 */
public final class StepAllocator {

    private StepAllocator() {
    }

    /** The job's CPUs and GPUs on one node of the step. */
    public record JobNode(String node, int cpus, List<Integer> gpus) {
        public JobNode {
            Objects.requireNonNull(node, "node");
            gpus = List.copyOf(gpus);
        }
    }

    /**
     * What the step asks for.
     *
     * @param tasksPerNode the step's task count on each of its nodes, in node order
     * @param exact        {@code --exact} or {@code -c}: only the CPUs its tasks need
     * @param overlap      {@code --overlap}
     */
    public record Ask(List<Integer> tasksPerNode, int cpusPerTask, boolean exact, boolean overlap, StepGpus gpus) {
        public Ask {
            tasksPerNode = List.copyOf(tasksPerNode);
            Objects.requireNonNull(gpus, "gpus");
        }
    }

    /** The step does not fit in what the job's running steps leave free now; {@code getMessage} says where. */
    public static final class Busy extends Exception {
        Busy(String message) {
            super(message);
        }
    }

    /**
     * @param busy by node, what the job's running steps hold ({@link StepTable#busy})
     * @return what the step gets on each node, in node order; for an overlapping step what it uses, though it
     *         holds none of it
     * @throws Busy when it would have to share
     * @throws IllegalArgumentException when the job does not hold enough on a node ({@link StepGpus})
     */
    public static List<StepHold> allocate(Ask ask, List<JobNode> nodes, Map<String, StepHold> busy) throws Busy {
        if (ask.tasksPerNode().size() != nodes.size()) {
            throw new IllegalArgumentException("tasks for " + ask.tasksPerNode().size() + " nodes, "
                    + nodes.size() + " nodes");
        }
        List<String> names = nodes.stream().map(JobNode::node).toList();
        Map<String, Set<Integer>> busyGpus = new HashMap<>();
        busy.forEach((node, hold) -> busyGpus.put(node, new HashSet<>(hold.gpus())));
        List<List<Integer>> gpus = ask.gpus().choose(nodes.stream().map(JobNode::gpus).toList(), ask.tasksPerNode(),
                names, busyGpus);
        List<StepHold> holds = new ArrayList<>();
        for (int n = 0; n < nodes.size(); n++) {
            JobNode node = nodes.get(n);
            StepHold taken = busy.getOrDefault(node.node(), StepHold.NONE);
            // Tasks beyond the CPUs (--ntasks-per-node) share them, as they do without other steps.
            int needed = Math.min(node.cpus(), ask.tasksPerNode().get(n) * ask.cpusPerTask());
            if (ask.overlap()) {
                holds.add(new StepHold(needed, gpus.get(n)));
                continue;
            }
            int free = Math.max(0, node.cpus() - taken.cpus());
            if (needed > free) {
                throw new Busy(node.node() + ": " + needed + " CPUs needed, " + free + " of the job's "
                        + node.cpus() + " free");
            }
            List<Integer> shared = gpus.get(n).stream().filter(taken.gpus()::contains).toList();
            if (!shared.isEmpty()) {
                throw new Busy(node.node() + ": GPUs " + shared + " held by another step");
            }
            holds.add(new StepHold(ask.exact() ? needed : free, gpus.get(n)));
        }
        return holds;
    }
}
