package io.jslurm.slurmctld.step;

import io.jslurm.sched.model.MemoryRequest;
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
 *   <li>Memory, where the job holds some (memory is a consumable resource): {@code --mem} per node,
 *       {@code --mem-per-cpu} times the CPUs it holds there, {@code --mem-per-gpu} times its GPUs there, out of the
 *       job's memory on the node that other steps do not hold. A step that asks for none (or {@code --mem=0}) may
 *       use all the job's memory there but holds none of it, as Slurm 22.05 does, so it never waits for memory. More
 *       than the job holds on a node is {@link NoMemory}.</li>
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

    /**
     * The job's CPUs, GPUs and memory on one node of the step.
     *
     * @param memoryMib the job's memory there; 0 where memory is not consumable (steps do not count it)
     */
    public record JobNode(String node, int cpus, List<Integer> gpus, long memoryMib) {
        public JobNode {
            Objects.requireNonNull(node, "node");
            gpus = List.copyOf(gpus);
        }

        /** A node whose memory is not counted between steps. */
        public JobNode(String node, int cpus, List<Integer> gpus) {
            this(node, cpus, gpus, 0);
        }
    }

    /**
     * What the step asks for.
     *
     * @param tasksPerNode the step's task count on each of its nodes, in node order
     * @param exact        {@code --exact} or {@code -c}: only the CPUs its tasks need
     * @param overlap      {@code --overlap}
     * @param memory       {@code --mem}, {@code --mem-per-cpu}, {@code --mem-per-gpu}, or {@link MemoryRequest#DEFAULT}
     */
    public record Ask(List<Integer> tasksPerNode, int cpusPerTask, boolean exact, boolean overlap, StepGpus gpus,
                      MemoryRequest memory) {
        public Ask {
            tasksPerNode = List.copyOf(tasksPerNode);
            Objects.requireNonNull(gpus, "gpus");
            Objects.requireNonNull(memory, "memory");
        }

        /** No memory asked for. */
        public Ask(List<Integer> tasksPerNode, int cpusPerTask, boolean exact, boolean overlap, StepGpus gpus) {
            this(tasksPerNode, cpusPerTask, exact, overlap, gpus, MemoryRequest.DEFAULT);
        }
    }

    /** The step asks for more memory on a node than the job holds there: it could never run. */
    public static final class NoMemory extends Exception {
        NoMemory(String message) {
            super(message);
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
     * @throws NoMemory when it asks for more memory on a node than the job holds there
     * @throws IllegalArgumentException when the job does not hold enough on a node ({@link StepGpus})
     */
    public static List<StepHold> allocate(Ask ask, List<JobNode> nodes, Map<String, StepHold> busy)
            throws Busy, NoMemory {
        if (ask.tasksPerNode().size() != nodes.size()) {
            throw new IllegalArgumentException("tasks for " + ask.tasksPerNode().size() + " nodes, "
                    + nodes.size() + " nodes");
        }
        List<String> names = nodes.stream().map(JobNode::node).toList();
        Map<String, Set<Integer>> busyGpus = new HashMap<>();
        busy.forEach((node, hold) -> busyGpus.put(node, new HashSet<>(hold.gpus())));
        List<List<Integer>> gpus = ask.gpus().choose(nodes.stream().map(JobNode::gpus).toList(), ask.tasksPerNode(),
                names, busyGpus);
        // What could never fit is refused before what is busy now, as Slurm does.
        for (int n = 0; n < nodes.size(); n++) {
            JobNode node = nodes.get(n);
            long memory = memory(ask.memory(), needed(ask, node, n), gpus.get(n).size());
            if (node.memoryMib() > 0 && memory > node.memoryMib()) {
                throw new NoMemory(node.node() + ": " + memory + "M needed, the job holds " + node.memoryMib() + "M");
            }
        }
        List<StepHold> holds = new ArrayList<>();
        for (int n = 0; n < nodes.size(); n++) {
            JobNode node = nodes.get(n);
            StepHold taken = busy.getOrDefault(node.node(), StepHold.NONE);
            int needed = needed(ask, node, n);
            long memoryNeeded = node.memoryMib() == 0 ? 0 : memory(ask.memory(), needed, gpus.get(n).size());
            if (ask.overlap()) {
                holds.add(new StepHold(needed, gpus.get(n), memoryNeeded));
                continue;
            }
            long freeMemory = Math.max(0, node.memoryMib() - taken.memoryMib());
            if (memoryNeeded > freeMemory) {
                throw new Busy(node.node() + ": " + memoryNeeded + "M of memory needed, " + freeMemory
                        + "M of the job's " + node.memoryMib() + "M free");
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
            int cpus = ask.exact() ? needed : free;
            // --mem-per-cpu counts the CPUs held; without --exact those are more than the tasks need, and what
            // they would add beyond the free memory is not taken (the step fits with what its tasks need).
            long memory = Math.min(freeMemory, node.memoryMib() == 0 ? 0
                    : memory(ask.memory(), cpus, gpus.get(n).size()));
            holds.add(new StepHold(cpus, gpus.get(n), Math.max(memoryNeeded, memory)));
        }
        return holds;
    }

    /** The CPUs the step's tasks need on node {@code n}: tasks beyond the CPUs (--ntasks-per-node) share them. */
    private static int needed(Ask ask, JobNode node, int n) {
        return Math.min(node.cpus(), ask.tasksPerNode().get(n) * ask.cpusPerTask());
    }

    /** MiB the step holds on a node with {@code cpus} CPUs and {@code gpus} GPUs there; 0 when it asks for none. */
    private static long memory(MemoryRequest request, int cpus, int gpus) {
        if (request instanceof MemoryRequest.PerNode perNode) {
            return perNode.mib();
        }
        if (request instanceof MemoryRequest.PerCpu perCpu) {
            return perCpu.mib() * cpus;
        }
        if (request instanceof MemoryRequest.PerGpu perGpu) {
            return perGpu.mib() * gpus;
        }
        return 0;
    }
}
