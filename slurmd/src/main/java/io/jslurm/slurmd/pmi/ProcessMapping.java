package io.jslurm.slurmd.pmi;

import java.util.ArrayList;
import java.util.List;

/**
 * PMI's {@code PMI_process_mapping} job attribute: which ranks share a node, as
 * {@code (vector,(first_node,node_count,ranks_per_node),...)}. MPICH reads it to choose shared memory
 * between ranks of one node.
 */
public final class ProcessMapping {

    private ProcessMapping() {
    }

    /**
     * @param ranksByNode each node's global ranks, nodes in step order
     * @return the mapping, or empty when the ranks are not laid out in blocks (consecutive per node, node after
     *         node), which is the only layout this form describes without ambiguity here
     */
    public static java.util.Optional<String> of(List<List<Integer>> ranksByNode) {
        int expected = 0;
        List<Integer> counts = new ArrayList<>();
        for (List<Integer> ranks : ranksByNode) {
            for (int rank : ranks) {
                if (rank != expected++) {
                    return java.util.Optional.empty();
                }
            }
            counts.add(ranks.size());
        }
        StringBuilder out = new StringBuilder("(vector");
        int node = 0;
        while (node < counts.size()) {
            int run = 1;
            while (node + run < counts.size() && counts.get(node + run).equals(counts.get(node))) {
                run++;
            }
            out.append(",(").append(node).append(',').append(run).append(',').append(counts.get(node)).append(')');
            node += run;
        }
        return java.util.Optional.of(out.append(')').toString());
    }
}
