package io.jslurm.slurmctld.node;

/**
 * Told of every change {@link NodeTable} makes to a node's state (base state, drain, not responding or reason),
 * whatever caused it: slurmd registering, a timeout, {@code scontrol update}. Called with the table's lock held,
 * so it must not call back into the table; it should only record.
 */
@FunctionalInterface
public interface NodeStateListener {

    NodeStateListener NONE = (before, after) -> {
    };

    void changed(NodeView before, NodeView after);
}
