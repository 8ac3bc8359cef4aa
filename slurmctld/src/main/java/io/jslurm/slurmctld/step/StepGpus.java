package io.jslurm.slurmctld.step;

import io.jslurm.common.gres.GresSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Which of the job's GPUs on each of its nodes a step holds. slurmd confines the step's cgroup to exactly these
 * (ConstrainDevices), so a step that asks fewer GPUs than its job cannot open the others.
 *
 * <p>A step takes the job's GPUs that no running step of the job holds first, each group in index order, so steps
 * started side by side ({@code srun --gpus=1 a & srun --gpus=1 b &}) get different GPUs while there are enough;
 * beyond that they share (Slurm would make the later step wait).
 *
 * @param gpusPerTask {@code --gpus-per-task}: that many per task of the node; 0 when not given
 * @param perNode     {@code --gres=gpu:N}: N on every node of the step
 * @param total       {@code --gpus=N}: N over the whole step, dealt one at a time over the nodes in turn
 */
public record StepGpus(int gpusPerTask, OptionalInt perNode, OptionalInt total) {

    /** Nothing asked: the step holds all its nodes' GPUs of the job. */
    public static final StepGpus ALL = new StepGpus(0, OptionalInt.empty(), OptionalInt.empty());

    /**
     * From srun's options as the step request carries them.
     *
     * @param gres {@code --gres} ({@code gpu:2}), empty when not given; only its GPUs count here
     * @param gpus {@code --gpus} ({@code 2} or {@code a100:2}), empty when not given
     * @throws IllegalArgumentException naming the option when one cannot be read
     */
    public static StepGpus of(int gpusPerTask, String gres, String gpus) {
        OptionalInt perNode = OptionalInt.empty();
        OptionalInt total = OptionalInt.empty();
        if (!gres.isBlank() && GresSpec.parseRequest(gres).entries().stream().anyMatch(g -> g.name().equals("gpu"))) {
            perNode = OptionalInt.of(Math.toIntExact(GresSpec.parseRequest(gres).count("gpu")));
        }
        if (!gpus.isBlank()) {
            total = OptionalInt.of(Math.toIntExact(GresSpec.parseGpus(gpus).count("gpu")));
        }
        return new StepGpus(gpusPerTask, perNode, total);
    }

    /**
     * @param jobGpus      the job's GPU indices on each node of the step, in step node order
     * @param tasksPerNode the step's task count on each of those nodes
     * @return the step's GPU indices on each node
     * @throws IllegalArgumentException when a node holds fewer of the job's GPUs than the step needs there
     */
    public List<List<Integer>> choose(List<List<Integer>> jobGpus, List<Integer> tasksPerNode,
                                      List<String> nodeNames) {
        return choose(jobGpus, tasksPerNode, nodeNames, Map.of());
    }

    /** @param busy by node name, the GPUs the job's running steps hold there: taken last */
    public List<List<Integer>> choose(List<List<Integer>> jobGpus, List<Integer> tasksPerNode,
                                      List<String> nodeNames, Map<String, Set<Integer>> busy) {
        int[] counts = new int[jobGpus.size()];
        for (int n = 0; n < counts.length; n++) {
            counts[n] = gpusPerTask > 0 ? gpusPerTask * tasksPerNode.get(n)
                    : perNode.orElse(jobGpus.get(n).size());
        }
        if (gpusPerTask == 0 && perNode.isEmpty() && total.isPresent()) {
            counts = dealt(total.getAsInt(), jobGpus);
        }
        List<List<Integer>> chosen = new ArrayList<>();
        for (int n = 0; n < counts.length; n++) {
            List<Integer> held = jobGpus.get(n);
            if (counts[n] > held.size()) {
                throw new IllegalArgumentException(asked() + " needs " + counts[n] + " GPUs on "
                        + nodeNames.get(n) + ", the job holds " + held.size());
            }
            Set<Integer> taken = busy.getOrDefault(nodeNames.get(n), Set.of());
            List<Integer> freeFirst = new ArrayList<>(held.stream().filter(gpu -> !taken.contains(gpu)).toList());
            held.stream().filter(taken::contains).forEach(freeFirst::add);
            List<Integer> mine = new ArrayList<>(freeFirst.subList(0, counts[n]));
            // Index order within the step, as CUDA numbers a confined step's GPUs.
            mine.sort(null);
            chosen.add(List.copyOf(mine));
        }
        return chosen;
    }

    /** {@code --gpus=N} one at a time over the nodes that still have one of the job's, first nodes first. */
    private static int[] dealt(int gpus, List<List<Integer>> jobGpus) {
        int[] counts = new int[jobGpus.size()];
        int capacity = jobGpus.stream().mapToInt(List::size).sum();
        if (gpus > capacity) {
            throw new IllegalArgumentException("--gpus=" + gpus + " needs " + gpus + " GPUs, the job holds "
                    + capacity + " on the step's nodes");
        }
        int left = gpus;
        while (left > 0) {
            for (int n = 0; n < counts.length && left > 0; n++) {
                if (counts[n] < jobGpus.get(n).size()) {
                    counts[n]++;
                    left--;
                }
            }
        }
        return counts;
    }

    private String asked() {
        if (gpusPerTask > 0) {
            return "--gpus-per-task=" + gpusPerTask;
        }
        if (perNode.isPresent()) {
            return "--gres=gpu:" + perNode.getAsInt();
        }
        return "--gpus=" + total.orElse(0);
    }
}
