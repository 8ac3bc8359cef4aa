package io.jslurm.sched.model;

/** The base state of a node, as far as scheduling cares. Only {@link #UP} nodes take new work. */
public enum NodeState {
    /** IDLE, MIXED or ALLOCATED: the node takes new jobs where resources are free. */
    UP,
    /** DRAINING or DRAINED: running jobs continue, nothing new starts. */
    DRAINED,
    DOWN,
    FAIL,
    /** Defined in slurm.conf but not yet present. */
    FUTURE,
    POWERED_DOWN;

    public boolean schedulable() {
        return this == UP;
    }
}
