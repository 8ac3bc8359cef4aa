package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.NodeStateFlag;
import io.jslurm.slurmctld.node.NodeView;
import java.util.ArrayList;
import java.util.List;

/** A node's state on the wire: Slurm's base state (IDLE, MIXED, ALLOCATED from its allocations) and flags. */
final class NodeStates {

    private NodeStates() {
    }

    static NodeState base(NodeView node, int allocatedCpus) {
        return switch (node.base()) {
            case UNKNOWN -> NodeState.NODE_STATE_UNSPECIFIED;
            case DOWN -> NodeState.NODE_DOWN;
            case FUTURE -> NodeState.NODE_FUTURE;
            case UP -> allocatedCpus == 0 ? NodeState.NODE_IDLE
                    : allocatedCpus >= node.config().cpus() ? NodeState.NODE_ALLOCATED : NodeState.NODE_MIXED;
        };
    }

    static List<NodeStateFlag> flags(NodeView node) {
        List<NodeStateFlag> flags = new ArrayList<>();
        if (node.drain()) {
            flags.add(NodeStateFlag.NODE_FLAG_DRAIN);
        }
        if (node.notResponding()) {
            flags.add(NodeStateFlag.NODE_FLAG_NOT_RESPONDING);
        }
        return flags;
    }
}
