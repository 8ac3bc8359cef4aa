package io.jslurm.cli.sacctmgr;

/**
 * Slurm's numeric node state (base state in the low bits, flags above) for an event's state as sacctmgr prints it,
 * which is what the StateRaw column shows.
 */
final class NodeStateBits {

    private static final long DOWN = 1;
    private static final long IDLE = 2;
    private static final long ALLOCATED = 3;
    private static final long DRAIN = 0x200;
    private static final long NO_RESPOND = 0x800;
    private static final long FAIL = 0x2000;

    private NodeStateBits() {
    }

    static long of(String state) {
        boolean star = state.endsWith("*");
        String base = star ? state.substring(0, state.length() - 1) : state;
        long bits = switch (base) {
            case "DOWN" -> DOWN;
            case "DRAIN" -> IDLE | DRAIN;
            case "DRNG" -> ALLOCATED | DRAIN;
            case "FAIL" -> IDLE | DRAIN | FAIL;
            case "FAILG" -> ALLOCATED | DRAIN | FAIL;
            default -> 0;
        };
        return bits | (star ? NO_RESPOND : 0);
    }
}
