package io.jslurm.common.tres;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * A partition's {@code TRESBillingWeights}: what one unit of each TRES costs when a job's billing TRES is computed
 * (memory per megabyte; a weight written {@code 0.25G} is already divided down to per megabyte here).
 *
 * <p>Without weights a job is billed its CPU count. With weights the billing is the sum of weight times amount over
 * the weighted TRES; under {@code PriorityFlags=MAX_TRES} the node TRES (cpu, mem, node and gres/*) contribute only
 * their largest weighted amount, and the others (licenses, burst buffers...) are still added.
 *
 * @param weights by TRES name ({@code cpu}, {@code mem}, {@code gres/gpu}, {@code license/x})
 * @param text    the setting as written, for scontrol show partition
 */
public record BillingWeights(Map<String, Double> weights, String text) {

    public static final BillingWeights NONE = new BillingWeights(Map.of(), "");

    public BillingWeights {
        weights = Map.copyOf(weights);
        requireNonNull(text, "text is null");
    }

    public boolean isEmpty() {
        return weights.isEmpty();
    }

    /**
     * The billable amount of an allocation.
     *
     * @param allocated TRES amounts: {@code cpu}, {@code mem} in megabytes, {@code node}, {@code gres/gpu}...
     * @param maxTres   PriorityFlags=MAX_TRES
     */
    public double billable(Map<String, Long> allocated, boolean maxTres) {
        if (weights.isEmpty()) {
            return allocated.getOrDefault(TresName.CPU, 0L);
        }
        double node = 0;
        double global = 0;
        for (Map.Entry<String, Double> weight : weights.entrySet()) {
            if (weight.getKey().equals(TresName.BILLING)) {
                continue;
            }
            double amount = weight.getValue() * allocated.getOrDefault(weight.getKey(), 0L);
            if (maxTres && perNode(weight.getKey())) {
                node = Math.max(node, amount);
            } else {
                global += amount;
            }
        }
        return node + global;
    }

    /** The billing TRES as TRES strings show it ({@code billing=N}): the billable amount without its fraction. */
    public static long whole(double billable) {
        return (long) billable;
    }

    private static boolean perNode(String name) {
        return name.equals(TresName.CPU) || name.equals(TresName.MEM) || name.equals(TresName.NODE)
                || name.startsWith("gres/");
    }
}
