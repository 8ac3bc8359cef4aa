package io.jslurm.slurmctld.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a step's tasks run: how many on each node, then which task ids. Counts are dealt one task per node in
 * turn, as far as each node's CPUs allow ({@code -c} CPUs a task), so {@code -N2 -n3} gives 2 and 1; with
 * {@code --ntasks-per-node} each node gets exactly that many. Ids then follow the distribution: {@code block}
 * numbers each node's tasks consecutively, {@code cyclic} deals them round-robin over the nodes.
 *
 * @param taskIds per node, in node order, the global task ids (SLURM_PROCID) placed there, ascending
 */
public record TaskLayout(List<List<Integer>> taskIds) {

    public enum Distribution {
        BLOCK, CYCLIC;

        /** {@code -m}'s first level; an empty value is the default, block. */
        public static Distribution parse(String text) {
            String first = text.split("[:,]", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
            return switch (first) {
                case "", "block", "*" -> BLOCK;
                case "cyclic" -> CYCLIC;
                default -> throw new IllegalArgumentException("Invalid --distribution specification: " + text);
            };
        }
    }

    public TaskLayout {
        taskIds = taskIds.stream().map(List::copyOf).toList();
    }

    /**
     * @param cpusPerNode the CPUs the step may use on each of its nodes
     * @param ntasksPerNode 0 when not given
     * @throws IllegalArgumentException when the tasks do not fit, with Slurm's wording
     */
    public static TaskLayout of(List<Integer> cpusPerNode, int ntasks, int ntasksPerNode, int cpusPerTask,
                                Distribution distribution) {
        Objects.requireNonNull(distribution, "distribution");
        int nodes = cpusPerNode.size();
        if (nodes == 0 || ntasks < 1 || cpusPerTask < 1) {
            throw new IllegalArgumentException("a step needs nodes, tasks and CPUs per task");
        }
        if (ntasks < nodes) {
            throw new IllegalArgumentException("Requested more nodes (" + nodes + ") than tasks (" + ntasks + ")");
        }
        int[] counts = new int[nodes];
        if (ntasksPerNode > 0) {
            if (ntasksPerNode * nodes < ntasks) {
                throw new IllegalArgumentException("Requested node configuration is not available");
            }
            int left = ntasks;
            for (int n = 0; n < nodes; n++) {
                counts[n] = Math.min(ntasksPerNode, left - (nodes - n - 1));
                left -= counts[n];
            }
        } else {
            int placed = 0;
            boolean progress = true;
            while (placed < ntasks && progress) {
                progress = false;
                for (int n = 0; n < nodes && placed < ntasks; n++) {
                    if ((counts[n] + 1) * cpusPerTask <= cpusPerNode.get(n)) {
                        counts[n]++;
                        placed++;
                        progress = true;
                    }
                }
            }
            if (placed < ntasks) {
                throw new IllegalArgumentException("Requested node configuration is not available");
            }
            for (int n = 0; n < nodes; n++) {
                if (counts[n] == 0) {
                    throw new IllegalArgumentException("Requested node configuration is not available");
                }
            }
        }
        List<List<Integer>> ids = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            ids.add(new ArrayList<>());
        }
        if (distribution == Distribution.BLOCK) {
            int next = 0;
            for (int n = 0; n < nodes; n++) {
                for (int t = 0; t < counts[n]; t++) {
                    ids.get(n).add(next++);
                }
            }
        } else {
            int next = 0;
            while (next < ntasks) {
                for (int n = 0; n < nodes && next < ntasks; n++) {
                    if (ids.get(n).size() < counts[n]) {
                        ids.get(n).add(next++);
                    }
                }
            }
        }
        return new TaskLayout(ids);
    }

    public List<Integer> counts() {
        return taskIds.stream().map(List::size).toList();
    }
}
