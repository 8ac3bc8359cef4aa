package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The features {@code scontrol update NodeName=... Features=/AvailableFeatures=/ActiveFeatures=} asks for. Without a
 * node_features plugin (jslurm has none) a node's active features are its available ones, so either field sets
 * both; active features other than the available ones are refused: not a subset with Slurm's error, a proper subset
 * as needing such a plugin.
 */
final class NodeFeatureUpdate {

    private NodeFeatureUpdate() {
    }

    /**
     * @param names the nodes named (checked to exist elsewhere; unknown ones are skipped here)
     * @return the nodes' new features, or empty when the request changes none
     */
    static Optional<List<String>> features(UpdateNodeRequest r, List<String> names, NodeTable nodes)
            throws RpcException {
        if (!r.hasFeatures() && !r.hasFeaturesActive()) {
            return Optional.empty();
        }
        if (r.hasFeatures()) {
            List<String> available = parse(r.getFeatures());
            if (r.hasFeaturesActive()) {
                check(Set.copyOf(available), parse(r.getFeaturesActive()));
            }
            return Optional.of(available);
        }
        List<String> active = parse(r.getFeaturesActive());
        for (String name : names) {
            Optional<NodeView> node = nodes.get(name);
            if (node.isPresent()) {
                check(Set.copyOf(node.get().config().features()), active);
            }
        }
        return Optional.of(active);
    }

    private static void check(Set<String> available, List<String> active) throws RpcException {
        if (!available.containsAll(active)) {
            throw SlurmError.ACTIVE_FEATURE_NOT_SUBSET.exception(String.join(",", active));
        }
        if (!Set.copyOf(active).equals(available)) {
            throw new RpcException(ErrorCode.ESLURM_NOT_SUPPORTED, "ActiveFeatures other than the node's "
                    + "AvailableFeatures need a node_features plugin, which this cluster does not have");
        }
    }

    /** A comma-separated list, blanks and repeats left out; empty clears the node's features. */
    static List<String> parse(String list) {
        Set<String> features = new LinkedHashSet<>();
        for (String feature : list.split(",")) {
            if (!feature.isBlank()) {
                features.add(feature.strip());
            }
        }
        return List.copyOf(features);
    }
}
