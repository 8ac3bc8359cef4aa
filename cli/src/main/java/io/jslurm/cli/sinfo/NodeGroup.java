package io.jslurm.cli.sinfo;

import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.PartitionRecord;
import java.util.List;
import java.util.Objects;

/**
 * One sinfo line: nodes of one partition that look alike in every displayed column.
 *
 * @param partition the partition; the default instance for nodes in none
 */
record NodeGroup(PartitionRecord partition, List<NodeRecord> nodes) {

    NodeGroup {
        Objects.requireNonNull(partition, "partition is null");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a node group needs a node");
        }
    }

    NodeRecord first() {
        return nodes.get(0);
    }
}
