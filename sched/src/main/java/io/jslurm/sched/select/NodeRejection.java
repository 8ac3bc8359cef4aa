package io.jslurm.sched.select;

import io.jslurm.sched.model.NodeState;

/** Why one node cannot take a job; the unit of {@link RejectionMetric}. */
public enum NodeRejection {
    DRAINED("DRAINED"),
    DOWN("DOWN"),
    FAIL("FAIL"),
    FUTURE("FUTURE"),
    POWERED_DOWN("POWERED_DOWN"),
    EXCLUDED("excluded by the job"),
    FEATURES("features do not match the constraint"),
    NOT_IDLE("not idle (the job is exclusive)"),
    CPUS("not enough free CPUs"),
    MEMORY("not enough free memory"),
    GPUS("not enough GPUs"),
    NOT_CONTIGUOUS("no contiguous range of usable nodes");

    private final String text;

    NodeRejection(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** The rejection for a node that does not take work in {@code state}. */
    public static NodeRejection of(NodeState state) {
        return switch (state) {
            case UP -> throw new IllegalArgumentException("an UP node is not rejected for its state");
            case DRAINED -> DRAINED;
            case DOWN -> DOWN;
            case FAIL -> FAIL;
            case FUTURE -> FUTURE;
            case POWERED_DOWN -> POWERED_DOWN;
        };
    }

    /** Whether the node's state, not its load, is the cause: such nodes cannot be waited for. */
    public boolean nodeUnavailable() {
        return ordinal() <= POWERED_DOWN.ordinal();
    }
}
