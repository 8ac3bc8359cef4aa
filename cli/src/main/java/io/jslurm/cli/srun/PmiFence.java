package io.jslurm.cli.srun;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * srun's part of a PMI-2 {@code kvs-fence} across nodes: each node's slurmd sends the pairs its ranks put since
 * the last fence once all of them entered the fence; when every node did, all pairs go back to every node, and
 * the next fence starts empty.
 */
final class PmiFence {

    private final int nodes;
    private final Set<String> arrived = new HashSet<>();
    private final Map<String, String> pairs = new LinkedHashMap<>();

    PmiFence(int nodes) {
        this.nodes = nodes;
    }

    /** @return every node's pairs when {@code node} was the last to arrive; empty while nodes are missing */
    synchronized Optional<Map<String, String>> arrived(String node, Map<String, String> nodePairs) {
        arrived.add(node);
        pairs.putAll(nodePairs);
        if (arrived.size() < nodes) {
            return Optional.empty();
        }
        Map<String, String> all = new LinkedHashMap<>(pairs);
        arrived.clear();
        pairs.clear();
        return Optional.of(all);
    }
}
