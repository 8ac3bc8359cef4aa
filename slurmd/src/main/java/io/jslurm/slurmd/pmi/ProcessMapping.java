package io.jslurm.slurmd.pmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PMI's {@code PMI_process_mapping} job attribute: which ranks share a node, as
 * {@code (vector,(first_node,node_count,ranks_per_node),...)} read in rank order: each triple gives the next
 * ranks, {@code ranks_per_node} to each of {@code node_count} nodes from {@code first_node} on. MPICH reads it to
 * choose shared memory between ranks of one node. A block layout of 2 nodes by 2 ranks is {@code (0,2,2)}; a
 * cyclic one {@code (0,2,1),(0,2,1)}, as Slurm writes them.
 */
public final class ProcessMapping {

    /** PMI's longest value; a mapping that does not fit is left out, and MPICH finds the nodes itself. */
    static final int MAX_LENGTH = 1024;

    private ProcessMapping() {
    }

    /**
     * @param ranksByNode each node's global ranks, nodes in step order; together they are 0..size-1
     * @return the mapping, or empty when the ranks are not such a partition or the mapping is too long
     */
    public static Optional<String> of(List<List<Integer>> ranksByNode) {
        int size = ranksByNode.stream().mapToInt(List::size).sum();
        int[] nodeOf = new int[size];
        java.util.Arrays.fill(nodeOf, -1);
        for (int node = 0; node < ranksByNode.size(); node++) {
            for (int rank : ranksByNode.get(node)) {
                if (rank < 0 || rank >= size || nodeOf[rank] >= 0) {
                    return Optional.empty();
                }
                nodeOf[rank] = node;
            }
        }
        // Runs of consecutive ranks on one node, then runs of such runs on consecutive nodes with equal counts.
        List<int[]> triples = new ArrayList<>();
        int rank = 0;
        while (rank < size) {
            int node = nodeOf[rank];
            int count = 1;
            while (rank + count < size && nodeOf[rank + count] == node) {
                count++;
            }
            int[] last = triples.isEmpty() ? null : triples.get(triples.size() - 1);
            if (last != null && last[2] == count && last[0] + last[1] == node) {
                last[1]++;
            } else {
                triples.add(new int[] {node, 1, count});
            }
            rank += count;
        }
        StringBuilder out = new StringBuilder("(vector");
        for (int[] triple : triples) {
            out.append(",(").append(triple[0]).append(',').append(triple[1]).append(',').append(triple[2]).append(')');
        }
        out.append(')');
        return out.length() > MAX_LENGTH ? Optional.empty() : Optional.of(out.toString());
    }
}
