package io.jslurm.slurmctld.node;

/** A node's base state as the controller keeps it; IDLE, MIXED and ALLOCATED are told apart by its allocations. */
public enum NodeBaseState {
    /** Defined but not heard from since the controller started. */
    UNKNOWN,
    /** Registered and usable (IDLE, MIXED or ALLOCATED depending on what runs there). */
    UP,
    DOWN,
    FUTURE
}
